package contract

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// File is the contract's path from the module root.
const File = "pb_public/openapi.json"

// baseURL names the document inside the schema compiler; $refs such as
// "#/components/schemas/Post" resolve against it. It is never fetched.
const baseURL = "https://contract.invalid/openapi.json"

// modulePath identifies our go.mod when Locate walks up from the working directory.
const modulePath = "module github.com/creator-content-api/server"

// Document is a loaded contract. It is safe for concurrent use.
type Document struct {
	root map[string]any // decoded with json.Number, as the compiler wants it
	ops  []*Operation

	mu       sync.Mutex // guards compiler and schemas
	compiler *jsonschema.Compiler
	schemas  map[string]*jsonschema.Schema // by JSON pointer
}

var (
	defaultOnce sync.Once
	defaultDoc  *Document
	defaultErr  error
)

// Default is the project's contract, loaded from Locate once per process.
func Default() (*Document, error) {
	defaultOnce.Do(func() {
		path, err := Locate()
		if err != nil {
			defaultErr = err
			return
		}
		defaultDoc, defaultErr = LoadFile(path)
	})
	return defaultDoc, defaultErr
}

// Locate finds pb_public/openapi.json: in the module root above the working directory (go test
// runs in the package's directory), else relative to this source file.
func Locate() (string, error) {
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			if mod, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && bytes.Contains(mod, []byte(modulePath+"\n")) {
				return filepath.Join(dir, filepath.FromSlash(File)), nil
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	if _, src, _, ok := runtime.Caller(0); ok {
		p := filepath.Join(filepath.Dir(src), "..", "..", filepath.FromSlash(File))
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: %s not found above the working directory", ErrNoDocument, File)
}

// LoadFile reads and loads the contract at path.
func LoadFile(path string) (*Document, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoDocument, err)
	}
	return Load(b)
}

// Load loads a contract from its JSON bytes.
func Load(b []byte) (*Document, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	root, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: not a JSON object", ErrMalformed)
	}
	if ver, _ := root["openapi"].(string); !strings.HasPrefix(ver, "3.1.") {
		return nil, fmt.Errorf("%w: openapi %q is not 3.1.x", ErrMalformed, ver)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(baseURL, root); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	d := &Document{root: root, compiler: c, schemas: map[string]*jsonschema.Schema{}}
	if d.ops, err = readOperations(root); err != nil {
		return nil, err
	}
	return d, nil
}

// Root is the decoded document (numbers as json.Number). Do not modify it.
func (d *Document) Root() map[string]any { return d.root }

// Schema compiles (once) the JSON Schema at pointer, a JSON pointer into the document such
// as "/components/schemas/Post".
func (d *Document) Schema(pointer string) (*jsonschema.Schema, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if s, ok := d.schemas[pointer]; ok {
		return s, nil
	}
	s, err := d.compiler.Compile(baseURL + "#" + pointer)
	if err != nil {
		return nil, fmt.Errorf("%w: schema at %s: %w", ErrMalformed, pointer, err)
	}
	d.schemas[pointer] = s
	return s, nil
}

// Resolve follows a local "$ref" (repeatedly) from the node at pointer and returns the node
// reached and its pointer.
func (d *Document) Resolve(pointer string, node any) (string, map[string]any, error) {
	for i := 0; i < 16; i++ {
		obj, ok := node.(map[string]any)
		if !ok {
			return "", nil, fmt.Errorf("%w: %s is not an object", ErrMalformed, pointer)
		}
		ref, ok := obj["$ref"].(string)
		if !ok {
			return pointer, obj, nil
		}
		if !strings.HasPrefix(ref, "#/") {
			return "", nil, fmt.Errorf("%w: %s: only local $refs are supported, not %q", ErrMalformed, pointer, ref)
		}
		pointer = strings.TrimPrefix(ref, "#")
		if node, ok = d.At(pointer); !ok {
			return "", nil, fmt.Errorf("%w: $ref %q points nowhere", ErrMalformed, ref)
		}
	}
	return "", nil, fmt.Errorf("%w: $ref chain too long at %s", ErrMalformed, pointer)
}

// At returns the node at a JSON pointer ("" is the root).
func (d *Document) At(pointer string) (any, bool) {
	var node any = d.root
	if pointer == "" {
		return node, true
	}
	for _, tok := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch n := node.(type) {
		case map[string]any:
			var ok bool
			if node, ok = n[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return nil, false
			}
			node = n[i]
		default:
			return nil, false
		}
	}
	return node, true
}

// Pointer joins tokens into a JSON pointer, escaping each.
func Pointer(tokens ...string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1"))
	}
	return b.String()
}
