package bot

// Which language a message is in (docs/i18n.md): a private reply follows
// the clicking user's Discord locale; a public post follows the table's
// language, chosen when the table opens and changed by its host with
// /tt settings language:.
