package newsletter

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks/vocab"
	"github.com/creator-content-api/server/hooks/webhooks/outbox"
)

// ImportResult says what an import did.
type ImportResult struct {
	Created  int           `json:"created"`
	Existing int           `json:"existing"`
	Invalid  []InvalidLine `json:"invalid"`
}

// InvalidLine is a line of an import that was skipped, and why.
type InvalidLine struct {
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// Import adds the addresses of a CSV file whose header row has an email column (and
// optionally name; other columns, as Substack's and Ghost's exports have, are ignored), in
// one transaction and without webhook events. New addresses are pending, or confirmed when
// consented (they consented elsewhere); none is mailed. Addresses already on the list stay
// as they are: an import never brings back someone who left. ErrInvalidCSV when the file has
// no email column or is not CSV.
func (s *Service) Import(ctx context.Context, r io.Reader, consented bool) (ImportResult, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return ImportResult{}, fmt.Errorf("%w: %v", ErrInvalidCSV, err)
	}
	for i := range header {
		header[i] = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(header[i], "\ufeff")))
	}
	emailCol, nameCol := slices.Index(header, "email"), slices.Index(header, "name")
	if emailCol < 0 {
		return ImportResult{}, ErrInvalidCSV
	}
	res := ImportResult{Invalid: []InvalidLine{}}
	now := s.now().UTC()
	ctx = outbox.WithoutEvents(ctx)
	err = s.app.RunInTransaction(func(tx core.App) error {
		col, err := tx.FindCachedCollectionByNameOrId(vocab.NewsletterSubscribers)
		if err != nil {
			return err
		}
		for {
			row, err := cr.Read()
			if errors.Is(err, io.EOF) {
				return nil
			}
			line, _ := cr.FieldPos(0)
			if err != nil {
				return fmt.Errorf("%w: %v", ErrInvalidCSV, err)
			}
			email, err := NormalizeEmail(unguardCell(field(row, emailCol)))
			if err == nil {
				var name string
				if name, err = normalizeName(unguardCell(field(row, nameCol))); err == nil {
					err = s.importOne(ctx, tx, col, email, name, consented, now, &res)
				}
			}
			if errors.Is(err, ErrInvalidEmail) || errors.Is(err, ErrInvalidName) {
				res.Invalid = append(res.Invalid, InvalidLine{Line: line, Reason: strings.TrimPrefix(err.Error(), "newsletter: ")})
			} else if err != nil {
				return err
			}
		}
	})
	if err != nil {
		return ImportResult{}, fmt.Errorf("newsletter: import: %w", err)
	}
	return res, nil
}

func (s *Service) importOne(ctx context.Context, tx core.App, col *core.Collection, email, name string, consented bool, now time.Time, res *ImportResult) error {
	if _, err := tx.FindFirstRecordByData(col, "email", email); err == nil {
		res.Existing++
		return nil
	}
	rec := core.NewRecord(col)
	rec.Set("email", email)
	rec.Set("name", name)
	rec.Set("source", SourceCSV)
	rec.Set("status", StatusPending)
	if consented {
		rec.Set("status", StatusConfirmed)
		rec.Set("confirmed", true)
		rec.Set("confirmed_at", now)
	}
	if err := tx.SaveWithContext(ctx, rec); err != nil {
		return err
	}
	res.Created++
	return nil
}

func field(row []string, i int) string {
	if i < 0 || i >= len(row) {
		return ""
	}
	return row[i]
}

// exportHeader is the export's header row; Import reads the file back.
var exportHeader = []string{"email", "name", "status", "source", "created", "confirmed_at", "unsubscribed_at"}

// Export writes every subscriber, oldest first, as CSV to w. A name or address a reader typed
// that a spreadsheet would run as a formula is written quoted (guardCell).
func (s *Service) Export(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(exportHeader); err != nil {
		return err
	}
	rows, err := s.app.DB().Select(subscriberColumns...).From(vocab.NewsletterSubscribers).OrderBy("created", "id").Rows()
	if err != nil {
		return fmt.Errorf("newsletter: export: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var sub Subscriber
		if err := rows.ScanStruct(&sub); err != nil {
			return fmt.Errorf("newsletter: export: %w", err)
		}
		if err := cw.Write([]string{guardCell(sub.Email), guardCell(sub.Name), sub.Status, sub.Source, sub.Created, sub.ConfirmedAt, sub.UnsubscribedAt}); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("newsletter: export: %w", err)
	}
	cw.Flush()
	return cw.Error()
}

// formulaStarts are the first characters that make a spreadsheet read a cell as a formula
// (OWASP's CSV injection list): a reader who subscribes as "=HYPERLINK(…)" must not run it
// in the owner's spreadsheet.
const formulaStarts = "=+-@\t\r"

// guardCell makes a cell that a spreadsheet would run as a formula plain text, with a leading
// apostrophe, as spreadsheets themselves mark text.
func guardCell(s string) string {
	if s != "" && strings.ContainsRune(formulaStarts, rune(s[0])) {
		return "'" + s
	}
	return s
}

// unguardCell takes back what guardCell added, so an export imports back unchanged.
func unguardCell(s string) string {
	if len(s) > 1 && s[0] == '\'' && strings.ContainsRune(formulaStarts, rune(s[1])) {
		return s[1:]
	}
	return s
}
