package bot

// What a title says reaches a player here, rendered from the catalogue in
// the reader's language: a title speaks in catalogue messages only (labels,
// events, refusals, tie-breaks, score categories); the English lives in
// the catalogue alone.
