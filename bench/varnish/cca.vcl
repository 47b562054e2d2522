vcl 4.1;
# Varnish in front of the Creator Content API, honouring the service's own headers and no more:
# what the service marks `public` (the v1 reads) is kept for its s-maxage, one copy per
# Authorization, Origin and X-Member-Token (the service's Vary), revalidated with its ETag; everything else
# (v2, the poll, /api/admin, writes, errors: private, no-cache or no-store) passes through.
# The system test (bench/tests/systemtest/varnish_test.go) rewrites the backend's port.

backend origin {
    .host = "127.0.0.1";
    .port = "8090";
}

sub vcl_recv {
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Varnish's built-in VCL passes every request with an Authorization header. The API's
    # reads all carry one; the answers say themselves (Cache-Control, Vary) whether and for
    # whom they may be kept.
    return (hash);
}

sub vcl_backend_response {
    if (beresp.http.Cache-Control !~ "(?i)\bpublic\b") {
        # Only answers the service marks public are shared; a request with Authorization
        # must not be answered from another's copy otherwise (RFC 9111, 3.5).
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    if (beresp.http.Cache-Control ~ "(?i)must-revalidate") {
        # No stale copy past s-maxage (Varnish's default grace would serve one 10 s longer).
        set beresp.grace = 0s;
    }
    # Keep the expired copy an hour to revalidate it with If-None-Match (a 304 from the
    # service's ETag) instead of fetching the body again.
    set beresp.keep = 1h;
    return (deliver);
}

sub vcl_deliver {
    # Tell the test (and an operator) whether the answer came from the cache.
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
