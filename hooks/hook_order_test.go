package hooks_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest/fixture"

	"github.com/pocketbase/pocketbase/core"

	"github.com/creator-content-api/server/hooks"
	"github.com/creator-content-api/server/hooks/hookorder"
)

// TestRegisteredHookOrder checks that Register binds on each hook of hookorder.Table exactly
// the handlers the table lists, in its order, PocketBase's record handler included, and no
// handler without an id of the table (a BindFunc's random id).
func TestRegisteredHookOrder(t *testing.T) {
	app := fixture.NewMigratedApp(t) // our migrations, no hooks but those the test binds
	table := hookorder.Table()
	before := map[string][]string{}
	for _, row := range table {
		before[row.Hook] = registered(t, app, row.Hook)
	}
	hooks.Register(app, hooks.Config{})
	for _, row := range table {
		t.Run(row.Hook, func(t *testing.T) {
			all := registered(t, app, row.Hook)
			var got []string
			for _, id := range all {
				if strings.HasPrefix(id, "cca") || id == hookorder.PocketBase {
					got = append(got, id)
				}
			}
			if !slices.Equal(got, row.Handlers) {
				t.Errorf("handlers run in the order\n %q\nthe table says\n %q", got, row.Handlers)
			}
			ours := 0
			for _, id := range row.Handlers {
				if id != hookorder.PocketBase {
					ours++
				}
			}
			if added := len(all) - len(before[row.Hook]); added != ours {
				t.Errorf("Register bound %d handlers, the table lists %d: %q", added, ours, all)
			}
		})
	}
}

// registered lists the ids of the handlers on app's hook named name (a method of core.App),
// in the order they run. PocketBase does not export a hook's handlers; reflect reads them.
func registered(t *testing.T, app core.App, name string) []string {
	t.Helper()
	m := reflect.ValueOf(app).MethodByName(name)
	if !m.IsValid() {
		t.Fatalf("core.App has no %s", name)
	}
	h := m.Call(nil)[0].Elem() // a hook.Hook or a hook.TaggedHook
	if main := h.FieldByName("mainHook"); main.IsValid() {
		h = main.FieldByName("Hook").Elem()
	}
	handlers := h.FieldByName("handlers")
	if !handlers.IsValid() {
		t.Fatalf("%s: PocketBase's hook has no handlers field any more", name)
	}
	ids := make([]string, handlers.Len())
	for i := range ids {
		ids[i] = handlers.Index(i).Elem().FieldByName("Id").String()
	}
	return ids
}
