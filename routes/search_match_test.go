package routes

import "testing"

func TestMatchQuery(t *testing.T) {
	cases := []struct{ in, want string }{
		{"go", `{title body tags} : ("go"*)`},
		{"Go routers", `{title body tags} : ("Go" "routers"*)`},
		{`title:go OR "x"`, `{title body tags} : ("title" "go" "OR" "x"*)`},
		{"NEAR(a b, 2)", `{title body tags} : ("NEAR" "a" "b" "2"*)`},
		{"café-crème", `{title body tags} : ("café" "crème"*)`},
		{"e\u0301t\u00e9", `{title body tags} : ("e` + "\u0301" + `t` + "\u00e9" + `"*)`},
		{"日本語 ok", `{title body tags} : ("日本語" "ok"*)`},
		{"!!! * ^ - ()", ""},
		{"", ""},
	}
	for _, c := range cases {
		if got := matchQuery(c.in); got != c.want {
			t.Errorf("matchQuery(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}
