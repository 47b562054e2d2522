package main

import (
	"fmt"
	"net/http"
	"sync/atomic"
)

// site is what the load needs of the server: keys, the owner's token, the receivers of its
// subscriptions and the posts the writers made.
type site struct {
	base      string
	rwKey     string   // read and write: the readers and the API writers
	pollKeys  []string // read, one per poller (the poll cap is per key)
	owner     atomic.Pointer[string]
	receivers *receivers
	posts     *postPool
}

// ownerToken is the token of the latest owner login.
func (s *site) ownerToken() string { return *s.owner.Load() }

// setUp logs the owner in, allows webhooks to loopback receivers, makes the keys through the
// admin API and registers one subscription per receiver. Each call comes from an address of
// its own: admin calls and registrations are in the Moderate tier (burst 5 per address).
func setUp(c config) (*site, error) {
	s := &site{base: c.base, posts: newPostPool()}
	addr := 0
	next := func() *http.Client { addr++; return clientFrom(kindSetup, addr) }
	token, err := login(next(), c)
	if err != nil {
		return nil, err
	}
	s.owner.Store(&token)
	if err := allowPrivateWebhooks(next(), c.base, token); err != nil {
		return nil, err
	}
	if s.rwKey, err = createKey(next(), c.base, token, "soak readers and writers", "read", "write"); err != nil {
		return nil, err
	}
	hookKey, err := createKey(next(), c.base, token, "soak webhooks", "write:webhooks")
	if err != nil {
		return nil, err
	}
	for i := range c.pollers {
		k, err := createKey(next(), c.base, token, fmt.Sprintf("soak poller %d", i+1), "read")
		if err != nil {
			return nil, err
		}
		s.pollKeys = append(s.pollKeys, k)
	}
	s.receivers = startReceivers(c.subscriptions)
	for _, r := range s.receivers.all {
		var reg struct{ ID, Secret string }
		a := call(next(), http.MethodPost, c.base+"/api/v2/webhooks", "Bearer "+hookKey, map[string]string{"url": r.url})
		if err := a.decode(http.StatusCreated, &reg); err != nil {
			s.receivers.close()
			return nil, fmt.Errorf("register a webhook: %w", err)
		}
		r.secret.Store(&reg.Secret)
	}
	return s, nil
}

// login is the owner's PocketBase superuser login; it returns the token.
func login(client *http.Client, c config) (string, error) {
	var auth struct{ Token string }
	a := call(client, http.MethodPost, c.base+"/api/collections/_superusers/auth-with-password", "",
		map[string]string{"identity": c.ownerEmail, "password": c.ownerPass})
	if err := a.decode(http.StatusOK, &auth); err != nil {
		return "", fmt.Errorf("owner login: %w", err)
	}
	return auth.Token, nil
}

// allowPrivateWebhooks sets site_settings.webhooks_allow_private, as the owner does in the
// dashboard, so that subscriptions may point at loopback receivers over plain HTTP.
func allowPrivateWebhooks(client *http.Client, base, token string) error {
	var list struct{ Items []struct{ ID string } }
	a := call(client, http.MethodGet, base+"/api/collections/site_settings/records?fields=id", token, nil)
	if err := a.decode(http.StatusOK, &list); err != nil || len(list.Items) != 1 {
		return fmt.Errorf("site settings: %v (%d records)", err, len(list.Items))
	}
	a = call(client, http.MethodPatch, base+"/api/collections/site_settings/records/"+list.Items[0].ID, token,
		map[string]bool{"webhooks_allow_private": true})
	if err := a.decode(http.StatusOK, &struct{}{}); err != nil {
		return fmt.Errorf("allow private webhooks: %w", err)
	}
	return nil
}

// createKey makes an API key through the admin API and returns its full value.
func createKey(client *http.Client, base, token, name string, scopes ...string) (string, error) {
	var res struct{ Data struct{ Key string } }
	a := call(client, http.MethodPost, base+"/api/admin/api-keys", token, map[string]any{"name": name, "scopes": scopes})
	if err := a.decode(http.StatusCreated, &res); err != nil || res.Data.Key == "" {
		return "", fmt.Errorf("create key %q: %v", name, err)
	}
	return res.Data.Key, nil
}
