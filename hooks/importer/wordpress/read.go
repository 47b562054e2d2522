package wordpress

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// Read reads the WXR file at path into sink in two streaming passes: the first checks the
// whole file and collects the attachments' URLs (an item's feature image may come after it),
// the second maps the items. Memory holds one item at a time and the attachment URLs.
func Read(path string, lim source.Limits, sink source.Sink) error {
	if err := source.CheckSize(path, lim); err != nil {
		return err
	}
	attachments := map[string]string{}
	items := 0
	err := walk(path, func(it *item, _ string) error {
		if it.Type == "attachment" && it.Attachment != "" {
			attachments[strings.TrimSpace(it.PostID)] = strings.TrimSpace(it.Attachment)
		}
		if _, ok := collectionOf(it.Type); ok {
			items++
		}
		return nil
	}, func(string) {})
	if err != nil {
		return err
	}
	sink.Total(items)
	return walk(path, func(it *item, place string) error {
		return emit(path, it, place, attachments, sink)
	}, sink.Skip)
}

// walk streams the file's channel: each <item> to onItem, with its place; every other element
// of the channel to onOther as a reason to skip it. It checks that the file is WXR 1.0 to 1.2.
func walk(path string, onItem func(it *item, place string) error, onOther func(reason string)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	if err := sniff(path, br); err != nil {
		return err
	}
	d := xml.NewDecoder(br)
	fail := func(err error) error {
		line, col := d.InputPos()
		var syn *xml.SyntaxError
		if errors.As(err, &syn) {
			err = errors.New(syn.Msg)
		}
		if errors.Is(err, io.EOF) || (syn != nil && syn.Msg == "unexpected EOF") {
			err = errors.New("the file ends inside the export (truncated?)")
		}
		return &source.ParseError{File: path, Place: fmt.Sprintf("line %d, column %d", line, col), Err: err}
	}
	depth, version := 0, ""
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) && depth == 0 {
			break
		}
		if err != nil {
			return fail(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch {
			case depth == 1 && t.Name.Local != "rss":
				return &source.ParseError{File: path, Err: fmt.Errorf("%w: the root element is <%s>, not WordPress's <rss>", source.ErrWrongFormat, t.Name.Local)}
			case depth == 2 && t.Name.Local != "channel":
				return fail(fmt.Errorf("%w: <%s> where WordPress has <channel>", source.ErrWrongFormat, t.Name.Local))
			case depth == 3 && t.Name.Local == "wxr_version":
				if version, err = readVersion(d, t); err != nil {
					return fail(err)
				}
				depth--
			case depth == 3 && t.Name.Local == "item":
				if version == "" {
					return fail(fmt.Errorf("%w: an <item> before any <wp:wxr_version> (not a WordPress export)", source.ErrWrongFormat))
				}
				line, _ := d.InputPos()
				var it item
				if err := d.DecodeElement(&it, &t); err != nil { // encoding/xml bounds its depth at 10,000
					return fail(err)
				}
				depth--
				if err := onItem(&it, fmt.Sprintf("line %d", line)); err != nil {
					return err
				}
			case depth == 3:
				onOther(channelReason(t.Name.Local))
				if err := skip(d); err != nil {
					return fail(err)
				}
				depth--
			case depth > maxDepth:
				return fail(errTooDeep)
			}
		case xml.EndElement:
			depth--
		}
	}
	if version == "" {
		return &source.ParseError{File: path, Err: fmt.Errorf("%w: no <wp:wxr_version> (not a WordPress export)", source.ErrWrongFormat)}
	}
	return nil
}

// sniff refuses, before parsing, a file that is plainly another platform's (JSON, a zip).
func sniff(path string, br *bufio.Reader) error {
	head, _ := br.Peek(512) // a short file is judged on what there is
	s := strings.TrimLeft(string(head), " \t\r\n\ufeff")
	switch {
	case strings.HasPrefix(s, "{") || strings.HasPrefix(s, "["):
		return &source.ParseError{File: path, Err: fmt.Errorf("%w: this is JSON, not WordPress's XML (a Ghost export? use import ghost)", source.ErrWrongFormat)}
	case strings.HasPrefix(s, "PK"):
		return &source.ParseError{File: path, Err: fmt.Errorf("%w: this is a zip, not WordPress's XML (a Substack export? use import substack)", source.ErrWrongFormat)}
	case !strings.HasPrefix(s, "<"):
		return &source.ParseError{File: path, Err: fmt.Errorf("%w: this is not XML", source.ErrWrongFormat)}
	}
	return nil
}

// readVersion reads <wp:wxr_version> and refuses a namespace not WordPress's and versions
// other than 1.0 to 1.2.
func readVersion(d *xml.Decoder, t xml.StartElement) (string, error) {
	var v string
	if err := d.DecodeElement(&v, &t); err != nil {
		return "", err
	}
	v = strings.TrimSpace(v)
	if !wpNamespace.MatchString(t.Name.Space) || !knownVersion(v) {
		return "", fmt.Errorf("%w: WXR version %q (namespace %q); WordPress exports 1.0 to 1.2 in its wordpress.org/export/ namespace", source.ErrWrongFormat, v, t.Name.Space)
	}
	return v, nil
}

// errTooDeep is the error of elements nested deeper than maxDepth.
var errTooDeep = fmt.Errorf("elements nested more than %d deep (not a WordPress export)", maxDepth)

// skip reads past the element just started, as xml.Decoder.Skip does, failing past maxDepth
// (the depth counted from the channel's child).
func skip(d *xml.Decoder) error {
	for depth := 1; depth > 0; {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch tok.(type) {
		case xml.StartElement:
			if depth++; depth > maxDepth {
				return errTooDeep
			}
		case xml.EndElement:
			depth--
		}
	}
	return nil
}

// channelReason is why an element of the channel (not an item) is skipped.
func channelReason(local string) string {
	switch local {
	case "author":
		return "author"
	case "category", "tag", "term":
		return "term definition (tags come from each post)"
	}
	return "site setting"
}
