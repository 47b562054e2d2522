package ghost

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/creator-content-api/server/hooks/importer/source"
)

// ghostURL is what Ghost writes in an export in place of the site's address, in links, images
// and feature images alike.
const ghostURL = "__GHOST_URL__"

// errNoSiteURL is the error of an export whose links need the site's address when none is
// known: imported as they are, they would be broken links.
var errNoSiteURL = errors.New("links and images start with " + ghostURL + " and the site's address is unknown: give it with --source-url https://your-ghost-site (the export has no url setting)")

// siteURL checks the address given with --source-url: absolute http(s), kept without its
// trailing slash (Ghost's placeholder is followed by a path starting with one).
func siteURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("--source-url %q: not an http or https address of a site", raw)
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// withSiteURL puts the site's address in place of Ghost's placeholder in every text of the
// item that can hold a link.
func (t *tables) withSiteURL(it *source.Item) error {
	texts := []*string{&it.Content, &it.Excerpt, &it.CoverURL}
	for _, s := range texts {
		if !strings.Contains(*s, ghostURL) {
			continue
		}
		if t.siteURL == "" {
			return errNoSiteURL
		}
		*s = strings.ReplaceAll(*s, ghostURL, t.siteURL)
	}
	return nil
}
