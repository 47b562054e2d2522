package keys

import (
	"fmt"

	"github.com/creator-content-api/server/hooks/hookorder"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/creator-content-api/server/hooks/vocab"
)

// secretFields are set only by Create and Rotate: typed in by hand they would either lock a
// key out or let someone pick a hash whose secret they know.
var secretFields = []string{"key_hash", "prefix", "last4", "previous_hash", "previous_expires_at"}

// BindGuards keeps the dashboard and PocketBase's records API from breaking keys. Creating a
// key there is refused with a message that says where to create one (only there can the full
// key be shown once); editing name, scopes, origins, expiry and active works as in the admin
// API, with the same validation; editing the secret fields is refused.
func BindGuards(app core.App) {
	app.OnRecordCreateRequest(vocab.APIKeys).Bind(&hook.Handler[*core.RecordRequestEvent]{
		Id: hookorder.KeysRequestGuard, Priority: hookorder.KeysRequestGuardPriority,
		Func: func(e *core.RecordRequestEvent) error {
			return e.BadRequestError("API keys are created with POST /api/admin/api-keys, the console (/console/) or the `keys create` command, which show the full key once.", nil)
		}})
	app.OnRecordUpdateRequest(vocab.APIKeys).Bind(&hook.Handler[*core.RecordRequestEvent]{
		Id: hookorder.KeysRequestGuard, Priority: hookorder.KeysRequestGuardPriority, Func: refuseSecretEdits})
	validate := &hook.Handler[*core.RecordEvent]{Id: hookorder.KeysValidate, Priority: hookorder.KeysValidatePriority, Func: validateKey}
	app.OnRecordCreate(vocab.APIKeys).Bind(validate)
	app.OnRecordUpdate(vocab.APIKeys).Bind(validate)
}

// refuseSecretEdits refuses a records API update that changes a key's secret fields.
func refuseSecretEdits(e *core.RecordRequestEvent) error {
	orig := e.Record.Original()
	for _, f := range secretFields {
		if fmt.Sprint(e.Record.Get(f)) != fmt.Sprint(orig.Get(f)) {
			return e.BadRequestError(fmt.Sprintf("The field %q is managed by the service; rotate the key to change its secret.", f), nil)
		}
	}
	return e.Next()
}

// validateKey checks a key's scopes and normalises its allowed origins, on every save.
func validateKey(e *core.RecordEvent) error {
	for _, s := range e.Record.GetStringSlice("scopes") {
		if !ValidScope(s) {
			return fieldInvalid("scopes", fmt.Sprintf("unknown scope %q", s))
		}
	}
	var list []string
	if err := e.Record.UnmarshalJSONField("allowed_origins", &list); err != nil && e.Record.GetString("allowed_origins") != "" {
		return fieldInvalid("allowed_origins", `must be a JSON array of origins such as ["https://example.com"]`)
	}
	normalized, err := normalizeOrigins(list)
	if err != nil {
		return err
	}
	e.Record.Set("allowed_origins", normalized)
	return e.Next()
}
