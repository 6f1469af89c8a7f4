package bot

import "strings"

// isFinalPost reports whether a public post is a game's final post: its
// first line is the result (issue 25), in every language.
func isFinalPost(content string) bool { return strings.HasPrefix(content, "🏆") }
