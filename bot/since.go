package bot

// "Since your last move": a player coming back after a day finds, at the
// top of their first private step of a turn and of the reply to
// `/tt board`, what happened since their last move (Notes.Seen), at most
// sinceLines lines, with how many earlier ones `/tt log` holds. Tinners'
// Trail reads its state's log (sinceLastMove); every other title replays
// its record from the seat's last move on (gsinceLastMove).
