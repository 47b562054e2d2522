// Package importer brings a creator's archive from another platform into posts and pages: the
// `import wordpress|ghost|substack` commands, and Run, which writes what a reader (packages
// wordpress, ghost and substack) finds in one transaction, all or nothing.
//
// Each imported record remembers its platform and its id there (import_source, import_id), and
// a hash of what was imported (import_hash): a second run creates nothing, counts the records
// whose source changed, and overwrites them only with Update. Imports fire no webhook events
// unless asked (Options.Events): receivers are not sent one content.created per old post.
// Members and subscribers (Ghost's members, Substack's list) come in by address, confirmed only
// when the source had their consent, flagged with the platform in source, and never with an
// event or an e-mail.
package importer
