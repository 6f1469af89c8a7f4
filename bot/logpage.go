package bot

// Pages of `/tt log`: a round's lines (or the whole game's, for a title
// without rounds) that do not fit one message are split into pages, each
// a whole number of lines, and no line is dropped. A page says which it is
// ("Page 2 of 3 — lines 41–80 of 96") and has ◀ Earlier / Later ▶ buttons
// whose custom IDs carry the round and the page:
//
//	tlog:<game>:<round>:<page>   Tinners' Trail
//	glog:<game>:<round>:<page>   every other title (round "a": the whole game)
//
// A page number out of range (an old button, a log that grew) opens the
// last page, the newest lines; so does a button without a page.
