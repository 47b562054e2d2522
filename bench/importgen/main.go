// Command importgen writes a synthetic export for the import benchmark (bench/import.sh):
// a WordPress WXR 1.2 file or a Ghost JSON export of N posts, each with tags, a comment (WXR)
// and about SIZE bytes of HTML content.
//
//	go run ./bench/importgen -format wordpress -posts 10000 -size 2000 > posts.xml
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
	"time"
)

func main() {
	format := flag.String("format", "wordpress", "wordpress or ghost")
	posts := flag.Int("posts", 10000, "how many posts")
	size := flag.Int("size", 2000, "bytes of HTML content per post")
	flag.Parse()
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	para := "<p>" + strings.Repeat("Lorem ipsum dolor sit amet, 𝄞 café. ", 8) + "</p>\n"
	body := strings.Repeat(para, max(1, *size/len(para)))
	start := time.Date(2015, 1, 1, 0, 0, 0, 0, time.UTC)
	var err error
	switch *format {
	case "wordpress":
		err = wxr(w, *posts, body, start)
	case "ghost":
		err = ghost(w, *posts, body, start)
	default:
		err = fmt.Errorf("unknown format %q", *format)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		log.Fatal(err)
	}
}

func wxr(w *bufio.Writer, n int, body string, start time.Time) error {
	fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Bench</title><wp:wxr_version>1.2</wp:wxr_version>
`)
	for i := range n {
		at := start.Add(time.Duration(i) * time.Hour).Format("2006-01-02 15:04:05")
		fmt.Fprintf(w, `<item><title>Post number %d &amp; more</title><wp:post_id>%d</wp:post_id>
<content:encoded><![CDATA[%s]]></content:encoded><excerpt:encoded><![CDATA[Excerpt %d]]></excerpt:encoded>
<wp:post_date_gmt>%s</wp:post_date_gmt><wp:post_modified_gmt>%s</wp:post_modified_gmt><wp:post_name>post-%d</wp:post_name>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type><wp:post_password></wp:post_password>
<category domain="post_tag" nicename="t%d"><![CDATA[Tag %d]]></category><category domain="category" nicename="c"><![CDATA[Notes]]></category>
<wp:comment><wp:comment_id>%d</wp:comment_id><wp:comment_content><![CDATA[Nice]]></wp:comment_content></wp:comment></item>
`, i, i+1, body, i, at, at, i, i%50, i%50, i+1)
	}
	_, err := fmt.Fprint(w, "</channel></rss>\n")
	return err
}

func ghost(w *bufio.Writer, n int, body string, start time.Time) error {
	fmt.Fprint(w, `{"db":[{"meta":{"exported_on":1700000000000,"version":"5.75.0"},"data":{"posts":[`)
	enc := json.NewEncoder(w)
	for i := range n {
		if i > 0 {
			w.WriteString(",")
		}
		at := start.Add(time.Duration(i) * time.Hour).Format(time.RFC3339)
		if err := enc.Encode(map[string]any{"id": fmt.Sprintf("%024x", i+1), "title": fmt.Sprintf("Post number %d", i),
			"slug": fmt.Sprintf("post-%d", i), "html": body, "lexical": "{}", "type": "post", "status": "published",
			"visibility": "public", "created_at": at, "updated_at": at, "published_at": at, "custom_excerpt": "Excerpt"}); err != nil {
			return err
		}
	}
	w.WriteString(`],"tags":[`)
	for i := range 50 {
		if i > 0 {
			w.WriteString(",")
		}
		fmt.Fprintf(w, `{"id":"t%d","name":"Tag %d","slug":"tag-%d","visibility":"public"}`, i, i, i)
	}
	w.WriteString(`],"posts_tags":[`)
	for i := range n {
		if i > 0 {
			w.WriteString(",")
		}
		fmt.Fprintf(w, `{"id":"pt%d","post_id":"%024x","tag_id":"t%d","sort_order":0}`, i, i+1, i%50)
	}
	_, err := w.WriteString(`],"users":[{"id":"1","name":"Bench"}]}}]}` + "\n")
	return err
}
