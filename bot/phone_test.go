package bot

import "strings"

// isFinalPost reports whether a public post is a game's final post: its
// first line is the result (issue 25), in every language.
func isFinalPost(content string) bool { return strings.HasPrefix(content, "🏆") }

// finalBody is a final post without its first line (the result).
func finalBody(content string) string {
	_, rest, _ := strings.Cut(content, "\n")
	return rest
}
