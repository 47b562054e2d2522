package wordpress

import "testing"

// One case or more per rule of wpautop, written from WordPress's documentation of it and what
// it is known to output (these are this project's cases, not WordPress's test suite).
func TestAutop(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, want string }{
		{"empty and blank", " \n\t\n", ""},
		{"one line", "Hello", "<p>Hello</p>\n"},
		{"blank lines make paragraphs", "One\n\nTwo\n\n\n\nThree", "<p>One</p>\n<p>Two</p>\n<p>Three</p>\n"},
		{"a blank line of spaces still separates", "One\n   \nTwo", "<p>One</p>\n<p>Two</p>\n"},
		{"Windows and old Mac line ends", "One\r\n\r\nTwo\rthree", "<p>One</p>\n<p>Two<br />\nthree</p>\n"},
		{"a single line break is a <br />", "Roses are red\nViolets are blue", "<p>Roses are red<br />\nViolets are blue</p>\n"},
		{"an existing <br> is kept, not doubled", "a<br>\nb<br/>\nc", "<p>a<br />\nb<br />\nc</p>\n"},
		{"two <br> make a paragraph break", "a<br /><br />b", "<p>a</p>\n<p>b</p>\n"},
		{"paragraphs already there", "<p>a</p><p>b</p>", "<p>a</p>\n<p>b</p>\n"},
		{"a block is not wrapped", "Intro\n<h2>Title</h2>\nText", "<p>Intro</p>\n<h2>Title</h2>\n<p>Text</p>\n"},
		{"a list is not wrapped, its items get no <br />", "<ul>\n<li>one</li>\n<li>two</li>\n</ul>", "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"},
		{"a <div> is not wrapped, nor its text", "<div>text</div>", "<div>text</div>\n"},
		{"a <div>'s paragraphs are, set apart by blank lines", "<div>\n\none\n\ntwo\n\n</div>", "<div>\n<p>one</p>\n<p>two</p>\n</div>\n"},
		{"a blockquote's text goes inside it", "<blockquote>Quoted</blockquote>", "<blockquote><p>Quoted</p></blockquote>\n"},
		{"an <hr> stands alone", "a<hr />b", "<p>a</p>\n<hr />\n<p>b</p>\n"},
		{"inline elements stay in the paragraph", "An <em>emphasised</em> word\n\nA <a href=\"/x\">link</a>", "<p>An <em>emphasised</em> word</p>\n<p>A <a href=\"/x\">link</a></p>\n"},
		{"a line break inside a tag is not a <br />", "<a\nhref=\"/x\">link</a>", "<p><a\nhref=\"/x\">link</a></p>\n"},
		{"nothing inside <pre> is touched", "Code:\n\n<pre>line 1\n\nline 3\n</pre>\n\nAfter", "<p>Code:</p>\n<pre>line 1\n\nline 3\n</pre>\n<p>After</p>\n"},
		{"two <pre> blocks", "<pre>a\nb</pre>\n\n<pre>c\n\nd</pre>", "<pre>a\nb</pre>\n<pre>c\n\nd</pre>\n"},
		{"no <br /> in a script", "<script>\nvar a = 1;\nvar b = 2;\n</script>", "<p><script>\nvar a = 1;\nvar b = 2;\n</script></p>\n"},
		{"no <br /> in a style", "<style>\np { color: red }\n</style>", "<style>\np { color: red }\n</style>\n"},
		{"options are not broken up", "<select>\n<option>a</option>\n<option>b</option>\n</select>", "<p><select><option>a</option><option>b</option></select></p>\n"},
		{"a shortcode stays as text", "Look:\n\n[gallery ids=\"1,2\"]\n\nDone", "<p>Look:</p>\n<p>[gallery ids=\"1,2\"]</p>\n<p>Done</p>\n"},
		{"a table's cells get no paragraphs", "<table><tr><td>a</td></tr></table>", "<table>\n<tr>\n<td>a</td>\n</tr>\n</table>\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := autop(tc.in); got != tc.want {
				t.Errorf("autop(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}
