package importer_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/creator-content-api/server/apitest"
	"github.com/creator-content-api/server/hooks/importer"
	"github.com/creator-content-api/server/hooks/importer/source"
	"github.com/creator-content-api/server/hooks/importer/substack"
)

// secretFile is a file outside an export that a crafted export points to.
func secretFile(t *testing.T) string {
	t.Helper()
	return writeFile(t, "secret.txt", []byte("root:x:0:0:the secret\n"))
}

// substackFolder writes a one-post Substack export whose body is a symlink to target.
func substackFolder(t *testing.T, target string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "posts.csv"), []byte("post_id,post_date,is_published,title\n1.leak,2021-01-01T00:00:00Z,true,Leak\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "posts"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "posts", "1.leak.html")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A Substack folder whose post body is a symlink is refused, whether the link leads out of
// the folder or stays in it: an export holds regular files only. Nothing is written.
func TestSubstackSymlinkRefused(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	secret := secretFile(t)
	inside := substackFolder(t, "../posts.csv")
	for name, dir := range map[string]string{"out of the folder": substackFolder(t, secret), "inside it": inside} {
		out, err := run(h, "substack", dir)
		if err == nil || !strings.Contains(err.Error(), "posts/1.leak.html: not an export of this platform: not a regular file (L---------)") {
			t.Errorf("%s: err %v, want the symlink refused\n%s", name, err, out)
		}
	}
	if n := count(t, h.App, "posts"); n != 0 {
		t.Fatalf("%d posts written from a crafted export", n)
	}
}

// A zip entry that is a symlink is refused too (archive/zip would hand over the link's target
// path as the body).
func TestSubstackZipSymlinkRefused(t *testing.T) {
	t.Parallel()
	h := apitest.New(t, apitest.Options{})
	out, err := run(h, "substack", writeFile(t, "link.zip", zipWithSymlink(t, "/etc/passwd")))
	if err == nil || !strings.Contains(err.Error(), "link.zip: posts/1.leak.html: not an export of this platform: not a regular file") {
		t.Fatalf("err %v, want the symlink entry refused\n%s", err, out)
	}
}

// zipWithSymlink is a Substack zip whose post body is a symlink entry to target, as `zip -y`
// writes one (Info-ZIP's unzip recreates it as a symlink).
func zipWithSymlink(t *testing.T, target string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, err := zw.Create("posts.csv")
	if err == nil {
		_, err = w.Write([]byte("post_id,post_date,is_published,title\n1.leak,2021-01-01T00:00:00Z,true,Leak\n"))
	}
	if err != nil {
		t.Fatal(err)
	}
	hdr := &zip.FileHeader{Name: "posts/1.leak.html", Method: zip.Store}
	hdr.SetMode(fs.ModeSymlink | 0o777)
	if w, err = zw.CreateHeader(hdr); err == nil {
		_, err = w.Write([]byte(target))
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A small zip whose body unpacks to 200 MiB, within the zip limits but over the text limit,
// is refused by its stated size before it is read: the import allocates a few MiB, not the
// entry's size (it took 766 MB when the body was read first and measured after).
//
// Not parallel: the parallel tests wait while it runs, so TotalAlloc counts this import only.
func TestSubstackBigBodyRefusedUnread(t *testing.T) {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, err := zw.Create("posts.csv")
	if err == nil {
		_, err = w.Write([]byte("post_id,post_date,is_published,title\n1.big,2021-01-01T00:00:00Z,true,Big\n"))
	}
	if err == nil {
		err = writeRepeated(zw, "posts/1.big.html", bytes.Repeat([]byte("<p>0</p>"), 1<<17), 200) // 200 × 1 MiB
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	p := writeFile(t, "big.zip", b.Bytes())
	h := apitest.New(t, apitest.Options{})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = importer.Run(h.App, importer.Options{Source: "substack", File: p}, func(s source.Sink) error {
		return substack.Read(p, source.DefaultLimits(), s)
	})
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "posts/1.big.html: too large: 209715200 bytes, the limit is 33554432") {
		t.Fatalf("err %v, want the body refused by its size", err)
	}
	grew := after.TotalAlloc - before.TotalAlloc
	if grew > 64<<20 {
		t.Fatalf("the refused import allocated %d MiB", grew>>20)
	}
	t.Logf("the refused import allocated %.1f MiB", float64(grew)/(1<<20))
}

// writeRepeated adds an entry holding n copies of chunk, deflated once: the chunk's deflate
// stream, flushed to a byte boundary, repeated n times (each copy refers only to itself), then
// an empty final block. A 200 MiB entry costs the test a CRC, not 200 MiB of compression.
func writeRepeated(zw *zip.Writer, name string, chunk []byte, n int) error {
	var c bytes.Buffer
	fw, err := flate.NewWriter(&c, flate.BestCompression)
	if err != nil {
		return err
	}
	if _, err := fw.Write(chunk); err != nil {
		return err
	}
	if err := fw.Flush(); err != nil {
		return err
	}
	sum := crc32.NewIEEE()
	for range n {
		sum.Write(chunk)
	}
	end := []byte{0x03, 0x00} // BFINAL, fixed codes, end of block
	w, err := zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: sum.Sum32(),
		CompressedSize64: uint64(c.Len()*n + len(end)), UncompressedSize64: uint64(len(chunk) * n)})
	for i := 0; err == nil && i < n; i++ {
		_, err = w.Write(c.Bytes())
	}
	if err == nil {
		_, err = w.Write(end)
	}
	return err
}
