// Package fulltext owns the full-text index of the searchable collections: the SQLite FTS5
// table search_index, how a record becomes a row of it (title; excerpt, description and
// content as plain text; tags) and the writes that keep it in step. It knows no collection by
// name: package content says which collections are indexed, the migration creates the
// table, and the list routes query it.
//
// search_index is a regular FTS5 table (it keeps a copy of the indexed text). An external
// content table does not fit: the indexed body is derived (HTML stripped, fields joined) and
// spread over four collections. record_id is indexed, not UNINDEXED, so that removing a
// record's row is an index look-up (MATCH on record_id) instead of a scan of the table;
// searches name the text columns (TextColumns), so an id never matches a search.
package fulltext

import (
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Table is the FTS5 table. Its columns are collection (UNINDEXED), record_id, title, body and
// tags, tokenized by unicode61 with remove_diacritics 2 (case- and accent-insensitive).
const Table = "search_index"

// TextColumns is the FTS5 column filter of a search: the columns that hold searchable text.
const TextColumns = "{title body tags}"

// Put indexes rec, replacing its previous row if it has one. Run it in the transaction of
// the write that changed rec.
func Put(app core.App, rec *core.Record) error {
	if err := Remove(app, rec.Collection().Name, rec.Id); err != nil {
		return err
	}
	doc := documentOf(rec)
	_, err := app.DB().Insert(Table, dbx.Params{
		"collection": rec.Collection().Name,
		"record_id":  rec.Id,
		"title":      doc.title,
		"body":       doc.body,
		"tags":       doc.tags,
	}).Execute()
	if err != nil {
		return fmt.Errorf("fulltext: index %s %s: %w", rec.Collection().Name, rec.Id, err)
	}
	return nil
}

// Remove deletes the row of the record id of collection, if there is one.
func Remove(app core.App, collection, id string) error {
	_, err := app.DB().NewQuery("DELETE FROM " + Table +
		" WHERE " + Table + " MATCH {:match} AND collection = {:collection}").
		Bind(dbx.Params{"match": "record_id:" + Quote(id), "collection": collection}).Execute()
	if err != nil {
		return fmt.Errorf("fulltext: remove %s %s: %w", collection, id, err)
	}
	return nil
}

// Rebuild indexes every record of collection afresh: for rows written without record hooks
// (the migration's backfill, benchmark seeds).
func Rebuild(app core.App, collection string) error {
	if _, err := app.DB().Delete(Table, dbx.HashExp{"collection": collection}).Execute(); err != nil {
		return fmt.Errorf("fulltext: clear %s: %w", collection, err)
	}
	recs, err := app.FindAllRecords(collection)
	if err != nil {
		return fmt.Errorf("fulltext: load %s: %w", collection, err)
	}
	for _, rec := range recs {
		if err := Put(app, rec); err != nil {
			return err
		}
	}
	return nil
}

// Quote makes s one FTS5 string: whatever it holds (operators, column names, parentheses,
// "*"), FTS5 reads it as text to tokenize, never as query syntax.
func Quote(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
