/* eslint-disable */
/* tslint:disable */
// @ts-nocheck
/*
 * ---------------------------------------------------------------
 * ## THIS FILE WAS GENERATED VIA SWAGGER-TYPESCRIPT-API        ##
 * ##                                                           ##
 * ## AUTHOR: acacode                                           ##
 * ## SOURCE: https://github.com/acacode/swagger-typescript-api ##
 * ---------------------------------------------------------------
 */
export class HttpClient {
    baseUrl = "https://{host}";
    securityData = null;
    securityWorker;
    abortControllers = new Map();
    customFetch = (...fetchParams) => fetch(...fetchParams);
    baseApiParams = {
        credentials: "same-origin",
        headers: {},
        redirect: "follow",
        referrerPolicy: "no-referrer",
    };
    constructor(apiConfig = {}) {
        Object.assign(this, apiConfig);
    }
    setSecurityData = (data) => {
        this.securityData = data;
    };
    encodeQueryParam(key, value) {
        const encodedKey = encodeURIComponent(key);
        return `${encodedKey}=${encodeURIComponent(typeof value === "number" ? value : `${value}`)}`;
    }
    addQueryParam(query, key) {
        return this.encodeQueryParam(key, query[key]);
    }
    addArrayQueryParam(query, key) {
        const value = query[key];
        return value.map((v) => this.encodeQueryParam(key, v)).join("&");
    }
    toQueryString(rawQuery) {
        const query = rawQuery || {};
        const keys = Object.keys(query).filter((key) => "undefined" !== typeof query[key]);
        return keys
            .map((key) => Array.isArray(query[key])
            ? this.addArrayQueryParam(query, key)
            : this.addQueryParam(query, key))
            .join("&");
    }
    addQueryParams(rawQuery) {
        const queryString = this.toQueryString(rawQuery);
        return queryString ? `?${queryString}` : "";
    }
    contentFormatters = {
        ["application/json"]: (input) => input !== null && (typeof input === "object" || typeof input === "string")
            ? JSON.stringify(input)
            : input,
        ["application/vnd.api+json"]: (input) => input !== null && (typeof input === "object" || typeof input === "string")
            ? JSON.stringify(input)
            : input,
        ["text/plain"]: (input) => input !== null && typeof input !== "string"
            ? JSON.stringify(input)
            : input,
        ["multipart/form-data"]: (input) => {
            if (input instanceof FormData) {
                return input;
            }
            return Object.keys(input || {}).reduce((formData, key) => {
                const property = input[key];
                formData.append(key, property instanceof Blob
                    ? property
                    : typeof property === "object" && property !== null
                        ? JSON.stringify(property)
                        : `${property}`);
                return formData;
            }, new FormData());
        },
        ["application/x-www-form-urlencoded"]: (input) => this.toQueryString(input),
    };
    mergeRequestParams(params1, params2) {
        return {
            ...this.baseApiParams,
            ...params1,
            ...(params2 || {}),
            headers: {
                ...(this.baseApiParams.headers || {}),
                ...(params1.headers || {}),
                ...((params2 && params2.headers) || {}),
            },
        };
    }
    createAbortSignal = (cancelToken) => {
        if (this.abortControllers.has(cancelToken)) {
            const abortController = this.abortControllers.get(cancelToken);
            if (abortController) {
                return abortController.signal;
            }
            return void 0;
        }
        const abortController = new AbortController();
        this.abortControllers.set(cancelToken, abortController);
        return abortController.signal;
    };
    abortRequest = (cancelToken) => {
        const abortController = this.abortControllers.get(cancelToken);
        if (abortController) {
            abortController.abort();
            this.abortControllers.delete(cancelToken);
        }
    };
    request = async ({ body, secure, path, type, query, format, baseUrl, cancelToken, ...params }) => {
        const secureParams = ((typeof secure === "boolean" ? secure : this.baseApiParams.secure) &&
            this.securityWorker &&
            (await this.securityWorker(this.securityData))) ||
            {};
        const requestParams = this.mergeRequestParams(params, secureParams);
        const queryString = query && this.toQueryString(query);
        const payloadFormatter = this.contentFormatters[type || "application/json"];
        const responseFormat = format || requestParams.format;
        return this.customFetch(`${baseUrl || this.baseUrl || ""}${path}${queryString ? `?${queryString}` : ""}`, {
            ...requestParams,
            headers: {
                ...(requestParams.headers || {}),
                ...(type && type !== "multipart/form-data"
                    ? { "Content-Type": type }
                    : {}),
            },
            signal: (cancelToken
                ? this.createAbortSignal(cancelToken)
                : requestParams.signal) || null,
            body: typeof body === "undefined" || body === null
                ? null
                : payloadFormatter(body),
        }).then(async (response) => {
            const r = response;
            r.data = null;
            r.error = null;
            const responseToParse = responseFormat ? response.clone() : response;
            const data = !responseFormat
                ? r
                : await responseToParse[responseFormat]()
                    .then((data) => {
                    if (r.ok) {
                        r.data = data;
                    }
                    else {
                        r.error = data;
                    }
                    return r;
                })
                    .catch((e) => {
                    r.error = e;
                    return r;
                });
            if (cancelToken) {
                this.abortControllers.delete(cancelToken);
            }
            if (!response.ok)
                throw data;
            return data;
        });
    };
}
/**
 * @title Creator Content API
 * @version 1.0.0
 * @license Proprietary
 * @baseUrl https://{host}
 *
 * The Creator Content API serves a creator's portfolio site: the owner's profile, posts, projects, courses, talks and
 * portfolio lists (v1, read and write), members and analytics (v2, read-only), and site events by push (signed webhooks)
 * and by poll. The owner manages API keys and webhook subscriptions under `/api/admin` with their dashboard login.
 *
 * This document is the contract: paths, parameters, schemas and scopes here are authoritative, and the service's test
 * suite validates every response it sees against it. Human-readable docs: [/docs/](/docs/). Dashboard: [/_/](/_/).
 *
 * ## Authentication and scopes
 * - API calls send `Authorization: Bearer svc_live_...` (security scheme `ApiKey`). Keys are never accepted in a URL: a key in the path or query is
 *   `401 unauthorized` on every API path, unknown paths and wrong methods included (before `404`/`405`); treat it as
 *   leaked and rotate it. Keys are redacted from the server's request log (URL, `Referer`, `User-Agent`).
 * - A key is `svc_live_` + 32 random base62 characters + a 6-character base62 CRC32 checksum (so scanners recognise
 *   leaked keys and typos are refused without a database look-up). Only its SHA-256 hash is stored; the full value is
 *   shown once, on creation or rotation. Lists show `prefix` (`svc_live_` + 8 characters) and `last4`.
 * - Missing, malformed or unknown key: `401 unauthorized`. Then, in this order: switched off `403 key_disabled`,
 *   expired `403 key_expired`, origin not in `allowed_origins` (checked on `Origin`, else `Referer`)
 *   `403 origin_not_allowed`, missing scope `403 insufficient_scope`.
 * - Each operation states its scope in `x-required-scopes`, in its security requirement and in its description.
 *   Scopes: `read` (v1 reads, polling), `write` (v1 writes), `webhooks` (registering webhooks; also grants
 *   `write:webhooks`), and v2's `read:content`, `read:members`, `read:analytics`, `write:webhooks`. No other scope
 *   implies another: `read` does not open v2, `read:content` does not open v1.
 * - Browser keys and server keys: a key with `allowed_origins` is a browser key, meant for a site's pages and so
 *   public by nature; a key without is a server key. Event types whose data carry personal data
 *   (`purchase.completed`, `course.enrolled`, `course.completed`, `testimonial.submitted`, `newsletter.subscribe`;
 *   `personal_data: true` in `GET /api/v1/webhooks/events`) can be polled only by a server key: a browser key gets
 *   `403 insufficient_scope` even with `read`.
 * - Admin operations (`x-owner-only: true`) take the owner's PocketBase superuser token (scheme `OwnerToken`), as
 *   PocketBase's own API does; anything else is `401`.
 * - Rotation: the previous secret keeps working for 24 hours after `rotate`, then is `401`; rotating again within
 *   those 24 hours ends the older secret at once.
 * - Any change to a key (revoke, rotate, switch-off, expiry, scopes), made through this API, the dashboard or
 *   the `keys` command at a terminal, is in force on every server process within a second.
 * - The API is served over HTTPS only: a call over plain HTTP is `403 https_required` (plain HTTP from loopback is
 *   allowed for development), and so is a call through a proxy on the server's host until the owner sets PocketBase's
 *   trusted proxy (the scheme is then the one the proxy appended); HTTPS responses carry `Strict-Transport-Security`.
 *
 * ## Rate limits
 * Token buckets per client IP, counted before authentication (failed calls count too). Each operation names its
 * tier in `x-rate-limit-tier`:
 * - `normal`: 60 requests/min, burst 10 — every v1 and v2 operation except webhook registration;
 * - `moderate`: 10 requests/min, burst 5 — `/api/admin/*` and `POST /api/v2/webhooks`;
 * - `poll`: the Normal tier per IP plus a cap of 20 polls in any 60 seconds per key (`GET /api/v1/webhooks/poll/{event}`).
 *
 * Every response carries `X-RateLimit-Limit` (the burst), `X-RateLimit-Remaining` (whole requests left) and
 * `X-RateLimit-Reset` (Unix seconds when the bucket is full again); a `429 rate_limited` adds `Retry-After` (seconds).
 * The owner may change the numbers, or switch limiting off (then these headers are absent).
 *
 * ## Requests
 * - Bodies are one JSON object sent as `Content-Type: application/json`; anything else is `400 invalid_request`.
 *   Unknown fields, wrong types and failed validation are `400` naming the field. Bodies over 1 MiB are
 *   `413 payload_too_large`.
 * - Unknown query parameters are ignored. A known one that is malformed or out of bounds (`limit=0`, `limit=101`,
 *   `per_page=201`, `page=0`, `sort=foo`, a bad `cursor` or `since`) is `400 invalid_request` naming it; values are
 *   never clamped.
 * - `{idOrSlug}` in v1 post and project paths is the slug for GET and the record id for PATCH and DELETE.
 *
 * ## Responses
 * - v1 single record `{"data": {...}}`; v1 cursor list `{"data": [...], "total", "page", "per_page", "next_cursor"?}`
 *   (`next_cursor` absent on the last page); simple list (experience, education, skills, certifications)
 *   `{"data": [...]}`, whole, ordered by `sort_order` then `created`.
 * - v2 list `{"items": [...], "page", "per_page", "total_items", "total_pages"}` (a page past the end is `200` with
 *   empty `items`); v2 single record: the record itself.
 * - Create is `201` with the record (`{"data": ...}` in v1 and admin; the object itself for `POST /api/v2/webhooks`),
 *   update `200` with the record, delete `204` with no body, redeliver `202`.
 * - Record timestamps are UTC strings `YYYY-MM-DD hh:mm:ss.mmmZ`; empty date fields are `null`. Webhook timestamps are
 *   RFC 3339 with milliseconds (`2026-11-21T20:10:25.123Z`). Files are absolute URLs or `null`. Money is an integer in
 *   minor units with a lower-case ISO 4217 `currency`.
 * - Cursors (`next_cursor`, `cursor`) are opaque and signed: pass them back unchanged with the same `sort`; they do
 *   not expire but are refused (`400`) when altered or used with another list or sort. Cursor paging neither misses
 *   nor repeats rows when records share a timestamp.
 * - Every response carries `X-Request-Id` (the client's own echoed when it is 1–128 characters of `A-Za-z0-9-_.:`).
 *
 * ## Caching
 * - Public v1 reads (profile, posts, projects, courses, talks, portfolio lists, event types):
 *   `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` with `Vary: Authorization, Origin`.
 * - v2 reads and polling: `Cache-Control: private, no-cache`.
 * - Every v1 and v2 `GET` has a strong `ETag` and answers `If-None-Match` with `304` and no body.
 * - Writes, admin responses and every error: `Cache-Control: no-store`.
 *
 * ## Errors
 * Every failure under `/api/v1`, `/api/v2` and `/api/admin`, unknown paths and wrong methods included, is
 * `{"error": {"code", "message"}}` with a stable `code`: `invalid_request` 400, `unauthorized` 401,
 * `insufficient_scope` / `key_disabled` / `key_expired` / `origin_not_allowed` / `https_required` 403,
 * `not_found` 404, `method_not_allowed` 405 (with `Allow`), `conflict` 409 (a delete refused while other records
 * need the record), `payload_too_large` 413, `rate_limited` 429,
 * `internal_error` 500 (message `query failed`, never a leak), `not_provisioned` 503 (webhook routes, when the
 * site's webhook collections are missing), `insufficient_storage` 507 (a write while the server's disk is full: nothing was
 * saved; reads keep working). Each operation lists the statuses it can return. Every error response has the one `Error`
 * schema, so a generated client has one error type with `code` and `message` as strings; the codes a response can
 * carry are in its `x-error-codes` (and a fixed message in `x-error-message`). CORS preflight
 * (`OPTIONS`) is answered by PocketBase itself.
 *
 * ## Webhooks
 * Ten event types (`GET /api/v1/webhooks/events`: the spec's nine and `newsletter.sent`); the same events are pushed and polled. See the `webhooks` section
 * for each push: `POST` of `{"id", "event", "timestamp", "data"}` with `X-Service-Event`, `X-Service-Delivery`,
 * `X-Service-Signature` (`sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole `whsec_...` secret),
 * `X-Service-Timestamp` and the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64>` over `id.timestamp.body`, keyed with the secret's decoded bytes). Event ids
 * `evt_...` are stable; delivery ids `dlv_...` are one per (event, subscription) and the same on every retry.
 * Attempts time out after 10 s and are retried after 1 min, 5 min, 30 min, 2 h and 12 h; `410 Gone` switches the
 * subscription off at once; 10 consecutive failures switch it off; redirects are failures. Destination URLs must be
 * `https` and resolve to public addresses, checked at registration and at each delivery; a host name that does not
 * resolve and one that resolves to a private address are refused with the same message. For a receiver on the owner's machine or
 * network (development), `site_settings.webhooks_allow_private` allows `http` and private addresses; a refusal it
 * would lift names it. Polled events are kept
 * 7 days, and those with personal data are polled by server keys only (see Authentication). A subscription registered
 * with an API key remembers it (`api_key` in the owner's list); revoking that key switches the subscription off.
 */
export class Api extends HttpClient {
    feedXml = {
        /**
         * @description **Extension.** The 20 newest published public posts (not drafts, `visibility` public, `published_at` empty or not in the future), newest first by `published_at`. RSS 2.0: the channel's `title`, `link` (`site_url`) and `description` (the profile's name and headline), `lastBuildDate`; per item `title`, `link`, `description` (the excerpt), `content:encoded` (the content's HTML), a `category` per tag, `guid` (`isPermaLink="false"`) and `pubDate` (RFC 822 dates). Served at the site root, outside the API: no key. Item ids are `tag:` URIs (RFC 4151) from the site's host, the post's creation day and its record id, the same in every format, so they survive a new title or slug; item links follow `site_settings.post_url_pattern` (default `{site_url}/posts/{slug}`). The self link is PocketBase's *Application URL* setting followed by the path, left out when that setting is empty. 404 (the error envelope) while `site_settings.site_url` is empty or `site_settings.feeds_enabled` is off. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=300`; strong `ETag`, `304` on `If-None-Match`. `HEAD` is answered too.
         *
         * @tags Feeds
         * @name GetFeedRss
         * @summary Get the RSS 2.0 feed
         * @request GET:/feed.xml
         */
        getFeedRss: (params = {}) => this.request({
            path: `/feed.xml`,
            method: "GET",
            ...params,
        }),
    };
    atomXml = {
        /**
         * @description **Extension.** The 20 newest published public posts (not drafts, `visibility` public, `published_at` empty or not in the future), newest first by `published_at`. Atom 1.0 (RFC 4287): the feed's `id` (`site_url`), `updated`, `link rel=alternate` (`site_url`) and `rel=self`; per entry `id`, `title`, `link rel=alternate`, `published`, `updated`, a `category term` per tag, `summary` (the excerpt, text) and `content` (type `html`). Served at the site root, outside the API: no key. Item ids are `tag:` URIs (RFC 4151) from the site's host, the post's creation day and its record id, the same in every format, so they survive a new title or slug; item links follow `site_settings.post_url_pattern` (default `{site_url}/posts/{slug}`). The self link is PocketBase's *Application URL* setting followed by the path, left out when that setting is empty. 404 (the error envelope) while `site_settings.site_url` is empty or `site_settings.feeds_enabled` is off. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=300`; strong `ETag`, `304` on `If-None-Match`. `HEAD` is answered too.
         *
         * @tags Feeds
         * @name GetFeedAtom
         * @summary Get the Atom 1.0 feed
         * @request GET:/atom.xml
         */
        getFeedAtom: (params = {}) => this.request({
            path: `/atom.xml`,
            method: "GET",
            ...params,
        }),
    };
    feedJson = {
        /**
         * @description **Extension.** The 20 newest published public posts (not drafts, `visibility` public, `published_at` empty or not in the future), newest first by `published_at`. JSON Feed 1.1 (`version` `https://jsonfeed.org/version/1.1`): `home_page_url` (`site_url`), `feed_url`, `authors`; per item `id`, `url`, `title`, `content_html`, `summary`, `date_published`, `date_modified`, `tags`. Served at the site root, outside the API: no key. Item ids are `tag:` URIs (RFC 4151) from the site's host, the post's creation day and its record id, the same in every format, so they survive a new title or slug; item links follow `site_settings.post_url_pattern` (default `{site_url}/posts/{slug}`). The self link is PocketBase's *Application URL* setting followed by the path, left out when that setting is empty. 404 (the error envelope) while `site_settings.site_url` is empty or `site_settings.feeds_enabled` is off. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=300`; strong `ETag`, `304` on `If-None-Match`. `HEAD` is answered too.
         *
         * @tags Feeds
         * @name GetFeedJson
         * @summary Get the JSON Feed 1.1 feed
         * @request GET:/feed.json
         */
        getFeedJson: (params = {}) => this.request({
            path: `/feed.json`,
            method: "GET",
            ...params,
        }),
    };
    llmsTxt = {
        /**
         * @description **Extension.** The llmstxt.org layout: `# ` the profile's name, `> ` its headline, then a `## Posts` and a `## Projects` list of links to each document's Markdown (`/llms/{collection}/{slug}.md`) with its excerpt. Public published posts and projects only (not drafts, `visibility` public, `published_at` reached), newest first, at most 500 of each. Served at the site root without a key. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=300`; strong `ETag`, `304` on `If-None-Match`; answered from memory while the content is unchanged.
         *
         * @tags Agents
         * @name GetLlmsTxt
         * @summary The llms.txt index
         * @request GET:/llms.txt
         */
        getLlmsTxt: (params = {}) => this.request({
            path: `/llms.txt`,
            method: "GET",
            ...params,
        }),
    };
    llmsFullTxt = {
        /**
         * @description **Extension.** The head of `/llms.txt`, then each document whole as `/llms/{collection}/{slug}.md` serves it. Bounded for large sites: documents that would take the file past 2 MiB are left out, and a last line says how many. Public published posts and projects only (not drafts, `visibility` public, `published_at` reached), newest first, at most 500 of each. Served at the site root without a key. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=300`; strong `ETag`, `304` on `If-None-Match`; answered from memory while the content is unchanged.
         *
         * @tags Agents
         * @name GetLlmsFullTxt
         * @summary Every public document in one file
         * @request GET:/llms-full.txt
         */
        getLlmsFullTxt: (params = {}) => this.request({
            path: `/llms-full.txt`,
            method: "GET",
            ...params,
        }),
    };
    llms = {
        /**
         * @description **Extension.** What `GET /api/v1/{collection}/{slug}` with `Accept: text/markdown` answers, without a key, for public published records only: the links of `/llms.txt`. Public published posts and projects only (not drafts, `visibility` public, `published_at` reached), newest first, at most 500 of each. Served at the site root without a key. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=300`; strong `ETag`, `304` on `If-None-Match`; answered from memory while the content is unchanged.
         *
         * @tags Agents
         * @name GetLlmsDocument
         * @summary One public post or project as Markdown
         * @request GET:/llms/{collection}/{slug}.md
         */
        getLlmsDocument: (collection, slug, params = {}) => this.request({
            path: `/llms/${collection}/${slug}.md`,
            method: "GET",
            ...params,
        }),
    };
    mcp = {
        /**
         * @description **Extension.** The Model Context Protocol endpoint for AI assistants (Streamable HTTP, **stateless**: no session id, any process answers any request; JSON answers, no event stream). Built on the official Go SDK; protocol revision `2025-11-25`, and `2025-06-18`, `2025-03-26`, `2024-11-05` when a client asks for them. **Auth:** the same `Authorization: Bearer svc_live_...` keys with the same checks as v1 and v2 (active, expiry, allowed origins, rate tier, request log). Any key may connect; a 401 carries `WWW-Authenticate: Bearer realm="mcp"`. **No OAuth:** put the key in the client's configuration as a static header (README, *Assistants*). **Tools** (`tools/list` shows a key only those its scopes allow; a hidden one is an unknown tool): `read`: `list_content` (posts or projects: `tag`, `q`, `sort`, `limit`, `cursor`), `get_content` (by slug, `format` `html` or `markdown`), `get_profile`, `list_tags`; `write`: `create_draft`, `update_draft` (drafts only), `publish` (now, or scheduled with `at`), never a delete; `read:content`: `list_drafts` (posts or projects, 50 a page, each as the write tools' summary); `read:analytics`: `get_analytics`; `read:members` (server keys only): `count_members` (a count, no personal data). Each tool runs the handler of the REST route it names, so it answers that route's data (its `structuredContent`, and the same JSON as text), fires the same webhook events and leaves revisions naming the key; its input and output schemas are this contract's schemas. A refusal is a tool result with `isError` and the route's error envelope as text. The whole `tools/list` for a key with every scope is about 11 KB of JSON (`bench/mcp_tools_size.sh`). **Resources** (keys with `read`): each public published post and project as `text/markdown`, URI `content://{collection}/{slug}`, listed 50 a page with a cursor. **Rate limit:** Normal (60/min, burst 10, per client IP); one HTTP request counts once. **Caching:** none.
         *
         * @tags Agents
         * @name Mcp
         * @summary Model Context Protocol (JSON-RPC over Streamable HTTP)
         * @request POST:/mcp
         * @secure
         */
        mcp: (data, params = {}) => this.request({
            path: `/mcp`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
    };
    api = {
        /**
         * @description The owner's public profile. 404 until the owner has created it in the dashboard. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Profile
         * @name GetProfile
         * @summary Get the owner's profile
         * @request GET:/api/v1/profile
         * @secure
         */
        getProfile: (params = {}) => this.request({
            path: `/api/v1/profile`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Published (`draft == false` and `published_at` not in the future), `public` posts, by cursor. **Extension:** a scheduled post (`published_at` ahead) appears when its time comes; `tag` and the `published_at` sorts. Items have no `content` or `draft`: GET one by slug for those. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Posts
         * @name ListPosts
         * @summary List published posts
         * @request GET:/api/v1/posts
         * @secure
         */
        listPosts: (query, params = {}) => this.request({
            path: `/api/v1/posts`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Creates a post (drafts included). `slug` is generated from `title` when absent. Fires `content.created`. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Posts
         * @name CreatePost
         * @summary Create a post
         * @request POST:/api/v1/posts
         * @secure
         */
        createPost: (data, params = {}) => this.request({
            path: `/api/v1/posts`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description One published, `public` post by its **slug**. Anything else (a draft, another visibility, an unknown slug) is 404. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin, Accept`; strong `ETag`, `304` on `If-None-Match`. **Markdown:** with `Accept: text/markdown` (ranked at least as high as `application/json`), or with `.md` after the slug (`/api/v1/posts/hello-world.md`), the answer is the same post as a Markdown document (`text/markdown; charset=utf-8`): a YAML front matter (`title`, `slug`, `url`, `published`, `updated`, `excerpt`, `tags`) and the content converted from HTML (html-to-markdown v2), with its own strong `ETag`; errors stay the JSON envelope. The JSON and Markdown answers are cached apart: `Vary: Authorization, Origin, Accept`.
         *
         * @tags Posts
         * @name GetPost
         * @summary Get a published post by slug
         * @request GET:/api/v1/posts/{idOrSlug}
         * @secure
         */
        getPost: (idOrSlug, params = {}) => this.request({
            path: `/api/v1/posts/${idOrSlug}`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Changes the fields sent. Fires `content.updated`, and `content.published` when the post is not a draft afterwards. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Posts
         * @name UpdatePost
         * @summary Update a post by record id
         * @request PATCH:/api/v1/posts/{idOrSlug}
         * @secure
         */
        updatePost: (idOrSlug, data, params = {}) => this.request({
            path: `/api/v1/posts/${idOrSlug}`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Deletes the post. Fires `content.deleted`. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Posts
         * @name DeletePost
         * @summary Delete a post by record id
         * @request DELETE:/api/v1/posts/{idOrSlug}
         * @secure
         */
        deletePost: (idOrSlug, params = {}) => this.request({
            path: `/api/v1/posts/${idOrSlug}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description Published (`draft == false`), `public` projects, by cursor. Items have no `content` or `draft`: GET one by slug for those. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Projects
         * @name ListProjects
         * @summary List published projects
         * @request GET:/api/v1/projects
         * @secure
         */
        listProjects: (query, params = {}) => this.request({
            path: `/api/v1/projects`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Creates a project (drafts included). `slug` is generated from `title` when absent. Fires `content.created`. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Projects
         * @name CreateProject
         * @summary Create a project
         * @request POST:/api/v1/projects
         * @secure
         */
        createProject: (data, params = {}) => this.request({
            path: `/api/v1/projects`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description One published, `public` project by its **slug**. Anything else (a draft, another visibility, an unknown slug) is 404. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin, Accept`; strong `ETag`, `304` on `If-None-Match`. **Markdown:** with `Accept: text/markdown` (ranked at least as high as `application/json`), or with `.md` after the slug (`/api/v1/projects/hello-world.md`), the answer is the same project as a Markdown document (`text/markdown; charset=utf-8`): a YAML front matter (`title`, `slug`, `url`, `published`, `updated`, `excerpt`, `tags`) and the content converted from HTML (html-to-markdown v2), with its own strong `ETag`; errors stay the JSON envelope. The JSON and Markdown answers are cached apart: `Vary: Authorization, Origin, Accept`.
         *
         * @tags Projects
         * @name GetProject
         * @summary Get a published project by slug
         * @request GET:/api/v1/projects/{idOrSlug}
         * @secure
         */
        getProject: (idOrSlug, params = {}) => this.request({
            path: `/api/v1/projects/${idOrSlug}`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Changes the fields sent. Fires `content.updated`, and `content.published` when the project is not a draft afterwards. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Projects
         * @name UpdateProject
         * @summary Update a project by record id
         * @request PATCH:/api/v1/projects/{idOrSlug}
         * @secure
         */
        updateProject: (idOrSlug, data, params = {}) => this.request({
            path: `/api/v1/projects/${idOrSlug}`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Deletes the project. Fires `content.deleted`. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Projects
         * @name DeleteProject
         * @summary Delete a project by record id
         * @request DELETE:/api/v1/projects/{idOrSlug}
         * @secure
         */
        deleteProject: (idOrSlug, params = {}) => this.request({
            path: `/api/v1/projects/${idOrSlug}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description Every course, by cursor. Lessons are never exposed. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Courses
         * @name ListCourses
         * @summary List courses
         * @request GET:/api/v1/courses
         * @secure
         */
        listCourses: (query, params = {}) => this.request({
            path: `/api/v1/courses`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Creates a course. Lessons are never exposed. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Courses
         * @name CreateCourse
         * @summary Create a course
         * @request POST:/api/v1/courses
         * @secure
         */
        createCourse: (data, params = {}) => this.request({
            path: `/api/v1/courses`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Changes the fields sent. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Courses
         * @name UpdateCourse
         * @summary Update a course
         * @request PATCH:/api/v1/courses/{id}
         * @secure
         */
        updateCourse: (id, data, params = {}) => this.request({
            path: `/api/v1/courses/${id}`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Deletes the course. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Courses
         * @name DeleteCourse
         * @summary Delete a course
         * @request DELETE:/api/v1/courses/{id}
         * @secure
         */
        deleteCourse: (id, params = {}) => this.request({
            path: `/api/v1/courses/${id}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description Every talk, by cursor. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Talks
         * @name ListTalks
         * @summary List talks
         * @request GET:/api/v1/talks
         * @secure
         */
        listTalks: (query, params = {}) => this.request({
            path: `/api/v1/talks`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Creates a talk. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Talks
         * @name CreateTalk
         * @summary Create a talk
         * @request POST:/api/v1/talks
         * @secure
         */
        createTalk: (data, params = {}) => this.request({
            path: `/api/v1/talks`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Changes the fields sent. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Talks
         * @name UpdateTalk
         * @summary Update a talk
         * @request PATCH:/api/v1/talks/{id}
         * @secure
         */
        updateTalk: (id, data, params = {}) => this.request({
            path: `/api/v1/talks/${id}`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Deletes the talk. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Talks
         * @name DeleteTalk
         * @summary Delete a talk
         * @request DELETE:/api/v1/talks/{id}
         * @secure
         */
        deleteTalk: (id, params = {}) => this.request({
            path: `/api/v1/talks/${id}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description The whole list, no paging, ordered by `sort_order` then `created`. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Portfolio
         * @name ListExperience
         * @summary List all experience entries
         * @request GET:/api/v1/experience
         * @secure
         */
        listExperience: (params = {}) => this.request({
            path: `/api/v1/experience`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Creates an entry. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name CreateExperience
         * @summary Create a experience entry
         * @request POST:/api/v1/experience
         * @secure
         */
        createExperience: (data, params = {}) => this.request({
            path: `/api/v1/experience`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Changes the fields sent. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name UpdateExperience
         * @summary Update a experience entry
         * @request PATCH:/api/v1/experience/{id}
         * @secure
         */
        updateExperience: (id, data, params = {}) => this.request({
            path: `/api/v1/experience/${id}`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Deletes the entry. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name DeleteExperience
         * @summary Delete a experience entry
         * @request DELETE:/api/v1/experience/{id}
         * @secure
         */
        deleteExperience: (id, params = {}) => this.request({
            path: `/api/v1/experience/${id}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description The whole list, no paging, ordered by `sort_order` then `created`. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Portfolio
         * @name ListEducation
         * @summary List all education entries
         * @request GET:/api/v1/education
         * @secure
         */
        listEducation: (params = {}) => this.request({
            path: `/api/v1/education`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Creates an entry. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name CreateEducation
         * @summary Create a education entry
         * @request POST:/api/v1/education
         * @secure
         */
        createEducation: (data, params = {}) => this.request({
            path: `/api/v1/education`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Changes the fields sent. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name UpdateEducation
         * @summary Update a education entry
         * @request PATCH:/api/v1/education/{id}
         * @secure
         */
        updateEducation: (id, data, params = {}) => this.request({
            path: `/api/v1/education/${id}`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Deletes the entry. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name DeleteEducation
         * @summary Delete a education entry
         * @request DELETE:/api/v1/education/{id}
         * @secure
         */
        deleteEducation: (id, params = {}) => this.request({
            path: `/api/v1/education/${id}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description The whole list, no paging, ordered by `sort_order` then `created`. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Portfolio
         * @name ListSkills
         * @summary List all skills
         * @request GET:/api/v1/skills
         * @secure
         */
        listSkills: (params = {}) => this.request({
            path: `/api/v1/skills`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Creates an entry. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name CreateSkill
         * @summary Create a skill
         * @request POST:/api/v1/skills
         * @secure
         */
        createSkill: (data, params = {}) => this.request({
            path: `/api/v1/skills`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Changes the fields sent. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name UpdateSkill
         * @summary Update a skill
         * @request PATCH:/api/v1/skills/{id}
         * @secure
         */
        updateSkill: (id, data, params = {}) => this.request({
            path: `/api/v1/skills/${id}`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Deletes the entry. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name DeleteSkill
         * @summary Delete a skill
         * @request DELETE:/api/v1/skills/{id}
         * @secure
         */
        deleteSkill: (id, params = {}) => this.request({
            path: `/api/v1/skills/${id}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description The whole list, no paging, ordered by `sort_order` then `created`. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Portfolio
         * @name ListCertifications
         * @summary List all certifications
         * @request GET:/api/v1/certifications
         * @secure
         */
        listCertifications: (params = {}) => this.request({
            path: `/api/v1/certifications`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Creates an entry. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name CreateCertification
         * @summary Create a certification
         * @request POST:/api/v1/certifications
         * @secure
         */
        createCertification: (data, params = {}) => this.request({
            path: `/api/v1/certifications`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Changes the fields sent. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name UpdateCertification
         * @summary Update a certification
         * @request PATCH:/api/v1/certifications/{id}
         * @secure
         */
        updateCertification: (id, data, params = {}) => this.request({
            path: `/api/v1/certifications/${id}`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Deletes the entry. **Scope:** `write`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Portfolio
         * @name DeleteCertification
         * @summary Delete a certification
         * @request DELETE:/api/v1/certifications/{id}
         * @secure
         */
        deleteCertification: (id, params = {}) => this.request({
            path: `/api/v1/certifications/${id}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description The ten event types that can be polled and pushed; `personal_data` marks those only a server key may poll. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Webhooks
         * @name ListWebhookEventTypes
         * @summary List the event types
         * @request GET:/api/v1/webhooks/events
         * @secure
         */
        listWebhookEventTypes: (params = {}) => this.request({
            path: `/api/v1/webhooks/events`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Recent events of one type, newest first, paged by `cursor`; with `since`, a replay oldest first from that time. Events are kept 7 days. Each event has a stable `id` for de-duplication; the same events are pushed to subscriptions. An unknown event type is 404. Events whose data carry personal data (`purchase.completed`, `course.enrolled`, `course.completed`, `testimonial.submitted`, `newsletter.subscribe`; `personal_data: true` in `GET /api/v1/webhooks/events`) can be polled only by a server key, one without `allowed_origins`: a browser key is public by nature, and gets `403 insufficient_scope`. `content.*` events can be polled by any key with `read`; a browser key sees only those of records the v1 API served when the event fired (published, `public`, `published_at` come: not drafts, private or members-only records, scheduled ones before their time, or pages), a server key every one. **Scope:** `read`. **Rate limit:** Normal per client IP, plus the poll cap per key: at most 20 polls in any 60 seconds (a sliding window, no burst on top). **Caching:** `Cache-Control: private, no-cache`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Webhooks
         * @name PollWebhookEvents
         * @summary Poll events of one type
         * @request GET:/api/v1/webhooks/poll/{event}
         * @secure
         */
        pollWebhookEvents: (event, query, params = {}) => this.request({
            path: `/api/v1/webhooks/poll/${event}`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description **Extension.** Every tag used by published public posts (those `GET /api/v1/posts` lists), with how many of them have it; the whole list, no paging, most used first, then by name. Tags compare case-insensitively (ASCII letters): `Go` and `go` are one tag, shown lower-cased. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=0, s-maxage=60, must-revalidate` and `Vary: Authorization, Origin`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Posts
         * @name ListTags
         * @summary List the tags of published posts
         * @request GET:/api/v1/tags
         * @secure
         */
        listTags: (params = {}) => this.request({
            path: `/api/v1/tags`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Every post, drafts, scheduled posts and every visibility included, with `draft` and `visibility` filters (**Extension:** `status` and `tag`). **Scope:** `read:content`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: private, no-cache`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags v2 content
         * @name ListPostsV2
         * @summary List posts (page)
         * @request GET:/api/v2/posts
         * @secure
         */
        listPostsV2: (query, params = {}) => this.request({
            path: `/api/v2/posts`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Any post by record id, drafts included. The record itself, no `data` wrapper. **Scope:** `read:content`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: private, no-cache`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags v2 content
         * @name GetPostV2
         * @summary Get a post by record id
         * @request GET:/api/v2/posts/{id}
         * @secure
         */
        getPostV2: (id, params = {}) => this.request({
            path: `/api/v2/posts/${id}`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Every project, drafts and every visibility included, with `draft` and `visibility` filters. **Scope:** `read:content`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: private, no-cache`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags v2 content
         * @name ListProjectsV2
         * @summary List projects (page)
         * @request GET:/api/v2/projects
         * @secure
         */
        listProjectsV2: (query, params = {}) => this.request({
            path: `/api/v2/projects`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Any project by record id, drafts included. The record itself, no `data` wrapper. **Scope:** `read:content`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: private, no-cache`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags v2 content
         * @name GetProjectV2
         * @summary Get a project by record id
         * @request GET:/api/v2/projects/{id}
         * @secure
         */
        getProjectV2: (id, params = {}) => this.request({
            path: `/api/v2/projects/${id}`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Every course, by page. **Scope:** `read:content`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: private, no-cache`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags v2 content
         * @name ListCoursesV2
         * @summary List courses (page)
         * @request GET:/api/v2/courses
         * @secure
         */
        listCoursesV2: (query, params = {}) => this.request({
            path: `/api/v2/courses`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Every talk, by page. **Scope:** `read:content`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: private, no-cache`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags v2 content
         * @name ListTalksV2
         * @summary List talks (page)
         * @request GET:/api/v2/talks
         * @secure
         */
        listTalksV2: (query, params = {}) => this.request({
            path: `/api/v2/talks`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Member accounts: `id, name, email, verified, created, updated`, never a password hash, token key or other secret. Members have no title: `sort` is by `created` or `updated` only. E-mail addresses are for server keys only: a browser key (one with `allowed_origins`) gets `403 insufficient_scope` whatever its scopes. **Scope:** `read:members`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: private, no-cache`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Members and analytics
         * @name ListMembers
         * @summary List members (page)
         * @request GET:/api/v2/members
         * @secure
         */
        listMembers: (query, params = {}) => this.request({
            path: `/api/v2/members`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Analytics of the last 30 days (UTC). The owner's plan decides the fields (see the `Analytics` schema): fields of a higher plan are absent. **Scope:** `read:analytics`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: private, no-cache`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Members and analytics
         * @name GetAnalytics
         * @summary Get site analytics
         * @request GET:/api/v2/analytics
         * @secure
         */
        getAnalytics: (params = {}) => this.request({
            path: `/api/v2/analytics`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Registers a destination for pushed events. The response is the only time the signing `secret` is shown. The URL must be `https` and resolve to public addresses (checked now and at every delivery). An optional `filter` narrows it to some collections and, for content, some tags (`WebhookFilter`); a bad one is `400` naming the field (`filter`, `filter.collections`, `filter.tags`). A site holds at most *site_settings → webhooks_max* subscriptions (100 unless set): the next registration is `409 webhook_limit_reached`. Events with personal data (`personal_data: true` in `GET /api/v1/webhooks/events`; no `events`, meaning all of them, included) are for server keys only: a browser key (one with `allowed_origins`) gets `403 insufficient_scope`, as when polling. The subscription delivers only while the key that registered it could register it now (active, not expired, holding the scope, allowed its events): otherwise its pushes are held, and pushed once the key could again (`paused_reason` in `GET /api/admin/webhooks`); rotating the key changes nothing; revoking it switches the subscription off. An optional `filter` narrows it to some collections and, for content, some tags (`WebhookFilter`); a bad one is `400` naming the field (`filter`, `filter.collections`, `filter.tags`). **Scope:** `write:webhooks` (the plain `webhooks` scope also grants it). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Webhooks
         * @name RegisterWebhook
         * @summary Register an outbound webhook
         * @request POST:/api/v2/webhooks
         * @secure
         */
        registerWebhook: (data, params = {}) => this.request({
            path: `/api/v2/webhooks`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Creates a key. Its full value (`key`) is in this response only; only a SHA-256 hash is stored. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: API keys
         * @name CreateApiKey
         * @summary Create an API key
         * @request POST:/api/admin/api-keys
         * @secure
         */
        createApiKey: (data, params = {}) => this.request({
            path: `/api/admin/api-keys`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Every key, newest first: prefix and last four characters only. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: API keys
         * @name ListApiKeys
         * @summary List API keys
         * @request GET:/api/admin/api-keys
         * @secure
         */
        listApiKeys: (params = {}) => this.request({
            path: `/api/admin/api-keys`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Changes name, scopes, allowed origins, expiry or the active switch. Push subscriptions the key registered deliver only while it could register them now: switching it off, an expiry that passes, dropping `write:webhooks`, or allowed origins on a key whose subscriptions receive personal data hold their pushes (their `paused_reason` says why); events and deliveries are kept and pushed once the key could register them again. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: API keys
         * @name UpdateApiKey
         * @summary Update an API key
         * @request PATCH:/api/admin/api-keys/{id}
         * @secure
         */
        updateApiKey: (id, data, params = {}) => this.request({
            path: `/api/admin/api-keys/${id}`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Deletes the key; its secrets stop working on the server that answers at once, and on every other server process on the same data directory within a second. Push subscriptions the key registered are switched off in the same transaction. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: API keys
         * @name RevokeApiKey
         * @summary Revoke an API key
         * @request DELETE:/api/admin/api-keys/{id}
         * @secure
         */
        revokeApiKey: (id, params = {}) => this.request({
            path: `/api/admin/api-keys/${id}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description Issues a new secret, shown once. The previous secret keeps working for 24 hours (`previous_secret_expires_at`), then is 401; rotating again within those 24 hours ends the older secret at once. The key stays the same record, so push subscriptions it registered keep delivering. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: API keys
         * @name RotateApiKey
         * @summary Rotate an API key
         * @request POST:/api/admin/api-keys/{id}/rotate
         * @secure
         */
        rotateApiKey: (id, params = {}) => this.request({
            path: `/api/admin/api-keys/${id}/rotate`,
            method: "POST",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Every subscription with its failure state. Never the secret. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: webhooks
         * @name ListWebhookSubscriptions
         * @summary List webhook subscriptions
         * @request GET:/api/admin/webhooks
         * @secure
         */
        listWebhookSubscriptions: (params = {}) => this.request({
            path: `/api/admin/webhooks`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description The owner's twin of `POST /api/v2/webhooks`, for the console: the owner holds no API key. Same body, same validation (https and public addresses unless the site allows private webhooks), and the signing `secret` shown this once, in the admin shape `{"data": ...}`. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`. A site holds at most *site_settings → webhooks_max* subscriptions (100 unless set): the next registration is `409 webhook_limit_reached`.
         *
         * @tags Admin: webhooks
         * @name AdminRegisterWebhook
         * @summary Register an outbound webhook as the owner
         * @request POST:/api/admin/webhooks
         * @secure
         */
        adminRegisterWebhook: (data, params = {}) => this.request({
            path: `/api/admin/webhooks`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Changes `enabled`, `events` or `description`. Enabling resets `failure_count` and `disabled_reason`. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: webhooks
         * @name UpdateWebhookSubscription
         * @summary Update a webhook subscription
         * @request PATCH:/api/admin/webhooks/{id}
         * @secure
         */
        updateWebhookSubscription: (id, data, params = {}) => this.request({
            path: `/api/admin/webhooks/${id}`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Deletes the subscription and its deliveries. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: webhooks
         * @name DeleteWebhookSubscription
         * @summary Delete a webhook subscription
         * @request DELETE:/api/admin/webhooks/{id}
         * @secure
         */
        deleteWebhookSubscription: (id, params = {}) => this.request({
            path: `/api/admin/webhooks/${id}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description Sends one signed delivery of a `ping` event now, whatever events the subscription takes: shaped and signed like every push, with `data` `{"subscription_id": "...", "test": true}`; not stored, not polled, not retried. Reports how it went. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: webhooks
         * @name TestWebhookSubscription
         * @summary Send a test delivery
         * @request POST:/api/admin/webhooks/{id}/test
         * @secure
         */
        testWebhookSubscription: (id, params = {}) => this.request({
            path: `/api/admin/webhooks/${id}/test`,
            method: "POST",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description The subscription's newest deliveries first. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: webhooks
         * @name ListWebhookDeliveries
         * @summary List deliveries of a subscription
         * @request GET:/api/admin/webhooks/{id}/deliveries
         * @secure
         */
        listWebhookDeliveries: (id, query, params = {}) => this.request({
            path: `/api/admin/webhooks/${id}/deliveries`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description **Extension.** Per UTC day, the last `days` days up to today: the subscription's delivery attempts that succeeded (2xx) and failed, and their median duration. Computed from the stored attempts, which are kept 7 days. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: webhooks
         * @name GetWebhookStats
         * @summary Daily delivery statistics of a subscription
         * @request GET:/api/admin/webhooks/{id}/stats
         * @secure
         */
        getWebhookStats: (id, query, params = {}) => this.request({
            path: `/api/admin/webhooks/${id}/stats`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Makes the delivery pending again and attempts it at once (same delivery id, so receivers can de-duplicate). A delivery whose subscription is switched off is 400: re-enable the subscription first. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: webhooks
         * @name RedeliverWebhookDelivery
         * @summary Redeliver a delivery
         * @request POST:/api/admin/webhook-deliveries/{id}/redeliver
         * @secure
         */
        redeliverWebhookDelivery: (id, params = {}) => this.request({
            path: `/api/admin/webhook-deliveries/${id}/redeliver`,
            method: "POST",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description The owner's twin of `GET /api/v2/analytics`, for the console: the same body (fields by plan), in the admin shape `{"data": ...}`. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: private, no-cache`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Admin: analytics
         * @name AdminGetAnalytics
         * @summary Get site analytics as the owner
         * @request GET:/api/admin/analytics
         * @secure
         */
        adminGetAnalytics: (params = {}) => this.request({
            path: `/api/admin/analytics`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description The revisions of one content record, newest first: the values every update, delete or restore replaced, who made the change (the dashboard's owner, an API key by name, a command) and when. Kept: the last 50 of a record, for 90 days (`--revisions-keep`, `--revisions-days`); a deleted record's revisions are listed too, so it can be restored. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: revisions
         * @name ListRevisions
         * @summary List a record's revisions
         * @request GET:/api/admin/revisions
         * @secure
         */
        listRevisions: (query, params = {}) => this.request({
            path: `/api/admin/revisions`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Field by field, the revision against the record as it is now (the automatic `created`/`updated` left out), each with `changed`; a changed text or HTML field also has its line diff. 409 `record_deleted` when the record was deleted (restore the revision instead); 410 `revision_expired` past the retention. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: revisions
         * @name DiffRevision
         * @summary Compare a revision with the record
         * @request GET:/api/admin/revisions/{id}/diff
         * @secure
         */
        diffRevision: (id, params = {}) => this.request({
            path: `/api/admin/revisions/${id}/diff`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description The record takes the revision's values (files included, under their names). What it overwrote becomes a revision itself (`restore`), and the usual webhook events fire: `content.updated`, or `content.created` for a deleted record, which comes back with its id and slug. The body is optional. 409 `slug_taken` when another record has the slug now, `revision_mismatch` when the body names another record; 410 `revision_expired` past the retention. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: revisions
         * @name RestoreRevision
         * @summary Restore a revision
         * @request POST:/api/admin/revisions/{id}/restore
         * @secure
         */
        restoreRevision: (id, data, params = {}) => this.request({
            path: `/api/admin/revisions/${id}/restore`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description A link to one record, whatever its state (draft, scheduled, members-only): its token lets any key with the `read` scope read that record, and only it, at `GET /api/v1/previews/{token}` until it expires or is revoked. The token is shown in this answer only. 404 when no record of the collection has the id. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: previews
         * @name CreatePreviewLink
         * @summary Make a preview link
         * @request POST:/api/admin/previews
         * @secure
         */
        createPreviewLink: (data, params = {}) => this.request({
            path: `/api/admin/previews`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description The links that have not expired, newest first (never their tokens). **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: previews
         * @name ListPreviewLinks
         * @summary List preview links
         * @request GET:/api/admin/previews
         * @secure
         */
        listPreviewLinks: (params = {}) => this.request({
            path: `/api/admin/previews`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Every preview token stops working at once. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: previews
         * @name RevokeAllPreviewLinks
         * @summary Revoke every preview link
         * @request DELETE:/api/admin/previews
         * @secure
         */
        revokeAllPreviewLinks: (params = {}) => this.request({
            path: `/api/admin/previews`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description The link's token stops working at once. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: previews
         * @name RevokePreviewLink
         * @summary Revoke a preview link
         * @request DELETE:/api/admin/previews/{id}
         * @secure
         */
        revokePreviewLink: (id, params = {}) => this.request({
            path: `/api/admin/previews/${id}`,
            method: "DELETE",
            secure: true,
            ...params,
        }),
        /**
         * @description The record a preview link names, in the shape of v1's single reads, whatever its draft, visibility or publication time. An unknown, expired, revoked or altered token, and a record deleted since, are the same 404 `not_found`. Never stored: `Cache-Control: private, no-store`, and the server's read cache never keeps it either. A site's preview route passes the token through with its server-side key. **Scope:** `read`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: private, no-store`; strong `ETag`, `304` on `If-None-Match`.
         *
         * @tags Previews
         * @name GetPreview
         * @summary Read a record through a preview link
         * @request GET:/api/v1/previews/{token}
         * @secure
         */
        getPreview: (token, params = {}) => this.request({
            path: `/api/v1/previews/${token}`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description The whole site as a zip in the documented, versioned layout that `import archive site.zip` restores into an empty data directory (the same ids, slugs, dates and files): `manifest.json`, `collections/<name>.json` (one JSON array per collection) and `files/<collection>/<record id>/<file>`. Without API keys, webhook secrets, events, the owner's login, or members' password hashes. The `export --out site.zip` command writes the same file. The console's *Export site* button downloads it. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: site archive
         * @name ExportSite
         * @summary Download the site archive
         * @request GET:/api/admin/export
         * @secure
         */
        exportSite: (params = {}) => this.request({
            path: `/api/admin/export`,
            method: "GET",
            secure: true,
            ...params,
        }),
        /**
         * @description A `text/event-stream` of the site's events as they are committed, whatever wrote them (the API, the dashboard, a command, another server on the same data): each within about a second. Each event is one message: `id:` the event's id, `event:` its type, `data:` the same JSON body a push carries (`{"id","event","timestamp","data"}`), on one line. The stream starts with `retry: 2000` and sends a comment line (`: keep-alive`) every 15 seconds so that proxies keep an idle stream open. Without `Last-Event-ID` it starts with the events committed after the call (or, with `since`, created from that instant), and its first message names the event it starts after (`id:` alone, which dispatches nothing but is what a client reconnects with); with `Last-Event-ID`, right after that event (a replay of up to 7 days, then live). Always in commit order. A replay (`since` or `Last-Event-ID`) with more than 2,000 events after its start is `400 invalid_request`: catch up with the poll, then stream from its last event. The personal-data rule of the poll applies: a browser key (one with `allowed_origins`) never receives `purchase.completed`, `course.enrolled`, `course.completed`, `testimonial.submitted` or `newsletter.subscribe`, and receives content events only of content v1 served when they fired. An open stream follows its key: given `allowed_origins` while open, it sends from then on only what a browser key may receive (a stream that named a type with personal data ends). A stream ends within a second of its key being switched off, expiring, rotated out (after its grace period) or revoked; the client's reconnect then gets the key's refusal. A client that does not read what is sent within 10 seconds is disconnected (it may reconnect with `Last-Event-ID`). **Scope:** `read`. **Rate limit:** Normal per client IP (each connection counts once), and at most 5 open streams per key and 200 per server: the next is `429 too_many_streams` with `Retry-After`. **Caching:** `Cache-Control: no-store`.
         *
         * @tags Webhooks
         * @name StreamWebhookEvents
         * @summary Stream events as they happen (Server-Sent Events)
         * @request GET:/api/v1/webhooks/stream
         * @secure
         */
        streamWebhookEvents: (query, params = {}) => this.request({
            path: `/api/v1/webhooks/stream`,
            method: "GET",
            query: query,
            secure: true,
            ...params,
        }),
        /**
         * @description Queues again every event created between `since` and `until` (default now) of the subscription's types and filter that it did not receive: those whose delivery failed for good (under their original delivery id, so receivers can de-duplicate) and those that made no delivery (they happened while it was switched off). Pending and delivered events are left alone. The deliveries are attempted at once, oldest event first, with the usual retries. Answers how many were queued. A switched-off subscription is 400: re-enable it first. The filter's tags are those of the content now. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: webhooks
         * @name RecoverWebhookSubscription
         * @summary Re-send what a subscription missed
         * @request POST:/api/admin/webhooks/{id}/recover
         * @secure
         */
        recoverWebhookSubscription: (id, data, params = {}) => this.request({
            path: `/api/admin/webhooks/${id}/recover`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Asks for an address to be subscribed. The answer is the same 202 whatever the address's state (new, pending, confirmed, unsubscribed, bounced), and it is given before any e-mail is sent, so neither its body nor its time says who subscribes. A new, pending or unsubscribed address is sent a confirmation e-mail (PocketBase's mail settings) with a signed link to `/newsletter/confirm/{token}` on the site's public origin, valid 48 hours; an address gets at most 3 confirmation e-mails in 24 hours, however often it is submitted. A confirmed or bounced address is sent nothing. The link's GET shows a page with a button, whose POST confirms: link scanners confirm nobody. `newsletter.subscribe` fires when the subscriber becomes confirmed, not here. An unsubscribed address stays unsubscribed until it confirms again. A browser key (with allowed origins) is the natural caller. **Scope:** `subscribe`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Newsletter
         * @name SubscribeToNewsletter
         * @summary Subscribe a reader (double opt-in)
         * @request POST:/api/v1/newsletter/subscribers
         * @secure
         */
        subscribeToNewsletter: (data, params = {}) => this.request({
            path: `/api/v1/newsletter/subscribers`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description The subscribers, newest first, 20 a page (`limit` 1 to 100), optionally of one `status`; `counts` are of the whole list, whatever the filter. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: newsletter
         * @name ListNewsletterSubscribers
         * @summary List subscribers, with counts per status
         * @request GET:/api/admin/newsletter/subscribers
         * @secure
         */
        listNewsletterSubscribers: (query, params = {}) => this.request({
            path: `/api/admin/newsletter/subscribers`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description The body carries, in `csv`, the text of a CSV file (as Substack, Ghost and most tools export one) whose header row has an `email` column and optionally `name`; other columns are ignored. New addresses are added with source `csv`: `pending` (no e-mail is sent; they are not mailed until confirmed) or, with `consented: true` for addresses that already consented elsewhere, `confirmed` (confirmed_at the import's time). No webhook event fires for imported rows. Addresses already on the list are left as they are. Invalid lines are reported, the others imported; one transaction. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: newsletter
         * @name ImportNewsletterSubscribers
         * @summary Import subscribers from a CSV file
         * @request POST:/api/admin/newsletter/subscribers/import
         * @secure
         */
        importNewsletterSubscribers: (data, params = {}) => this.request({
            path: `/api/admin/newsletter/subscribers/import`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Every subscriber, oldest first, as CSV: `email,name,status,source,created,confirmed_at,unsubscribed_at` (the import reads it back). **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: newsletter
         * @name ExportNewsletterSubscribers
         * @summary Export subscribers as CSV
         * @request GET:/api/admin/newsletter/subscribers/export
         * @secure
         */
        exportNewsletterSubscribers: (params = {}) => this.request({
            path: `/api/admin/newsletter/subscribers/export`,
            method: "GET",
            secure: true,
            ...params,
        }),
        /**
         * @description Mails a one-time code (6 digits, valid 10 minutes, works once) to the member with this address. The answer is the same 202 for every address: a member's, an unknown one, one the owner switched off. An unknown address becomes a member only when the site setting `members_signup` is on (off by default). At most 3 codes per address and 10 per client IP in 10 minutes (429 `rate_limited`); counted in each server process's memory. **Scope:** `members`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Members
         * @name MemberSignIn
         * @summary Send a member a sign-in code
         * @request POST:/api/v1/members/sign-in
         * @secure
         */
        memberSignIn: (data, params = {}) => this.request({
            path: `/api/v1/members/sign-in`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Takes the e-mailed code and answers the member's token (send it as `X-Member-Token`) and its expiry. A wrong, expired or used code and an address that may not sign in all get the same 400 `invalid_code`. At most 5 tries per address and 20 per client IP in 10 minutes (429 `rate_limited`), so a code cannot be guessed in its lifetime. **Scope:** `members`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Members
         * @name MemberVerify
         * @summary Sign a member in with their code
         * @request POST:/api/v1/members/verify
         * @secure
         */
        memberVerify: (data, params = {}) => this.request({
            path: `/api/v1/members/verify`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description The member of the `X-Member-Token`: name, e-mail, since when, paid, and whether the newsletter subscriber of their address is confirmed. 401 `invalid_member_token` without a live token. **Scope:** `members`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Members
         * @name GetMember
         * @summary The signed-in member
         * @request GET:/api/v1/members/me
         * @secure
         */
        getMember: (params = {}) => this.request({
            path: `/api/v1/members/me`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description `newsletter: true` makes the newsletter subscriber of their address (or sets it) confirmed, source `member`; `false` sets it unsubscribed. A bounced address stays bounced (`newsletter` then reads false). There is no second flag: the newsletter's own unsubscribe clears the opt-in too. **Scope:** `members`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Members
         * @name UpdateMember
         * @summary Change the signed-in member's name or newsletter opt-in
         * @request PATCH:/api/v1/members/me
         * @secure
         */
        updateMember: (data, params = {}) => this.request({
            path: `/api/v1/members/me`,
            method: "PATCH",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description Ends the member's tokens: PocketBase signs a member's tokens with one key per member, which this changes, so the member is signed out on every device. 204. **Scope:** `members`. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Members
         * @name MemberSignOut
         * @summary Sign the member out
         * @request POST:/api/v1/members/sign-out
         * @secure
         */
        memberSignOut: (params = {}) => this.request({
            path: `/api/v1/members/sign-out`,
            method: "POST",
            secure: true,
            ...params,
        }),
        /**
         * @description The latest sends, newest first, each with its state and counts (no addresses), as GET /api/admin/newsletters/{id} gives one. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: newsletter
         * @name ListNewsletters
         * @summary List the newsletter's sends
         * @request GET:/api/admin/newsletters
         * @secure
         */
        listNewsletters: (query, params = {}) => this.request({
            path: `/api/admin/newsletters`,
            method: "GET",
            query: query,
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Queues the mailing of a public post to every subscriber confirmed now (one delivery each) and answers 202; the server sends it in the background at `--newsletter-rate` per second (and `--newsletter-hourly`), through `--newsletter-smtp` or PocketBase's mail settings, DKIM-signed, with `List-Unsubscribe` (https and mailto) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. A post is mailed once: again only with `resend`; no edit, publication, import or restore mails it. `email_only` mails a draft that stays off the site and out of the feeds (a draft is never served). There is no open or click tracking. A 4xx reply is retried with backoff; a 5xx marks the subscriber bounced, never mailed again. After a crash the send resumes where it was: only a message in flight at the crash may be sent twice, with the same Message-ID. `newsletter.sent` fires when it finishes. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: newsletter
         * @name SendNewsletter
         * @summary Mail a post to the newsletter
         * @request POST:/api/admin/newsletters
         * @secure
         */
        sendNewsletter: (data, params = {}) => this.request({
            path: `/api/admin/newsletters`,
            method: "POST",
            body: data,
            secure: true,
            type: "application/json",
            format: "json",
            ...params,
        }),
        /**
         * @description The DNS TXT record to publish for the newsletter's DKIM signatures to verify, as `newsletter dkim` prints it: the selector, the sender address's domain, the record's name and text. The key is made at first use (`pb_data/newsletter_dkim.pem`) unless `--newsletter-dkim-key` names one. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: newsletter
         * @name NewsletterDkim
         * @summary The newsletter's DKIM record
         * @request GET:/api/admin/newsletters/dkim
         * @secure
         */
        newsletterDkim: (params = {}) => this.request({
            path: `/api/admin/newsletters/dkim`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description Its state and counts (no addresses); `rate` is the messages taken per second since the start. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: newsletter
         * @name GetNewsletterSend
         * @summary A send's progress
         * @request GET:/api/admin/newsletters/{id}
         * @secure
         */
        getNewsletterSend: (id, params = {}) => this.request({
            path: `/api/admin/newsletters/${id}`,
            method: "GET",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description A queued or running send stops where it is (a message in flight completes). **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: newsletter
         * @name PauseNewsletterSend
         * @summary Pause a send
         * @request POST:/api/admin/newsletters/{id}/pause
         * @secure
         */
        pauseNewsletterSend: (id, params = {}) => this.request({
            path: `/api/admin/newsletters/${id}/pause`,
            method: "POST",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description A paused send goes on where it stopped. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: newsletter
         * @name ResumeNewsletterSend
         * @summary Resume a send
         * @request POST:/api/admin/newsletters/{id}/resume
         * @secure
         */
        resumeNewsletterSend: (id, params = {}) => this.request({
            path: `/api/admin/newsletters/${id}/resume`,
            method: "POST",
            secure: true,
            format: "json",
            ...params,
        }),
        /**
         * @description A send not finished ends; what is pending is never sent. **Auth:** the owner's superuser token (not an API key). **Rate limit:** Moderate (10/min, burst 5, per client IP). **Caching:** `Cache-Control: no-store`.
         *
         * @tags Admin: newsletter
         * @name CancelNewsletterSend
         * @summary Cancel a send
         * @request POST:/api/admin/newsletters/{id}/cancel
         * @secure
         */
        cancelNewsletterSend: (id, params = {}) => this.request({
            path: `/api/admin/newsletters/${id}/cancel`,
            method: "POST",
            secure: true,
            format: "json",
            ...params,
        }),
    };
    newsletter = {
        /**
         * @description The link of the confirmation e-mail (signed, valid 48 hours). A page with a button; it changes nothing, so link scanners that follow every GET confirm nobody. Served at the site root, outside the API: no key, the link's secret is the credential. **Rate limit:** Moderate (10/min, burst 5, per client IP).
         *
         * @tags Newsletter
         * @name ShowNewsletterConfirmPage
         * @summary The confirmation link's page
         * @request GET:/newsletter/confirm/{token}
         */
        showNewsletterConfirmPage: (token, params = {}) => this.request({
            path: `/newsletter/confirm/${token}`,
            method: "GET",
            ...params,
        }),
        /**
         * @description Confirms the subscriber (pending, or unsubscribed who subscribed again): `newsletter.subscribe` fires. Again on a confirmed subscriber: the same page, no event. Served at the site root, outside the API: no key, the link's secret is the credential. **Rate limit:** Moderate (10/min, burst 5, per client IP).
         *
         * @tags Newsletter
         * @name ConfirmNewsletterSubscription
         * @summary Confirm a subscription (the page's button)
         * @request POST:/newsletter/confirm/{token}
         */
        confirmNewsletterSubscription: (token, params = {}) => this.request({
            path: `/newsletter/confirm/${token}`,
            method: "POST",
            ...params,
        }),
        /**
         * @description The visible unsubscribe link (`List-Unsubscribe` URL): a page with a button, which changes nothing by itself. Served at the site root, outside the API: no key, the link's secret is the credential. **Rate limit:** Moderate (10/min, burst 5, per client IP).
         *
         * @tags Newsletter
         * @name ShowNewsletterUnsubscribePage
         * @summary The unsubscribe link's page
         * @request GET:/newsletter/unsubscribe/{token}
         */
        showNewsletterUnsubscribePage: (token, params = {}) => this.request({
            path: `/newsletter/unsubscribe/${token}`,
            method: "GET",
            ...params,
        }),
        /**
         * @description With the form body `List-Unsubscribe=One-Click`, as mail providers send it (and the page's button): the subscriber is unsubscribed at once, no page, no login. A bounced subscriber stays bounced; twice is no error. Stays unsubscribed until the address subscribes and confirms again. Served at the site root, outside the API: no key, the link's secret is the credential. **Rate limit:** Moderate (10/min, burst 5, per client IP).
         *
         * @tags Newsletter
         * @name UnsubscribeFromNewsletter
         * @summary Unsubscribe at once (RFC 8058 one-click)
         * @request POST:/newsletter/unsubscribe/{token}
         */
        unsubscribeFromNewsletter: (token, data, params = {}) => this.request({
            path: `/newsletter/unsubscribe/${token}`,
            method: "POST",
            body: data,
            type: "application/x-www-form-urlencoded",
            ...params,
        }),
    };
}
