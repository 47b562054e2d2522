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

/**
 * Event source
 * A collection whose changes fire events (the `collection` in an event's data).
 */
export type WebhookFilterCollection =
  | "posts"
  | "projects"
  | "pages"
  | "purchases"
  | "enrollments"
  | "testimonials"
  | "newsletter_subscribers";

/** Stable error code. */
export type ErrorCode =
  | "invalid_request"
  | "unauthorized"
  | "insufficient_scope"
  | "key_disabled"
  | "key_expired"
  | "origin_not_allowed"
  | "https_required"
  | "not_found"
  | "conflict"
  | "webhook_limit_reached"
  | "method_not_allowed"
  | "payload_too_large"
  | "rate_limited"
  | "internal_error"
  | "not_provisioned"
  | "insufficient_storage"
  | "revision_expired"
  | "record_deleted"
  | "revision_mismatch"
  | "slug_taken"
  | "last_event_id_unknown"
  | "too_many_streams"
  | "invalid_code"
  | "invalid_member_token"
  | "post_not_public"
  | "post_not_published"
  | "post_on_site"
  | "already_sent"
  | "mail_not_configured"
  | "send_state_conflict";

/** `pending`: waiting for an attempt or a retry; `succeeded`: a 2xx answer; `failed`: every attempt failed, or the subscription was switched off. */
export type DeliveryStatus = "pending" | "succeeded" | "failed";

/** Skill level; the empty string when not set. */
export type SkillLevel =
  | ""
  | "beginner"
  | "intermediate"
  | "advanced"
  | "expert";

/** An API key scope; what each opens is given with its value. Only `webhooks` implies another scope (`write:webhooks`). */
export type Scope =
  | "read"
  | "write"
  | "webhooks"
  | "read:content"
  | "read:members"
  | "read:analytics"
  | "write:webhooks"
  | "subscribe"
  | "members";

/** A webhook event type; when each fires is given with its value. */
export type EventName =
  | "content.created"
  | "content.updated"
  | "content.deleted"
  | "content.published"
  | "purchase.completed"
  | "course.enrolled"
  | "course.completed"
  | "testimonial.submitted"
  | "newsletter.subscribe"
  | "newsletter.sent";

/** Who may read the record whole. v1 lists and serves published `public`, `members` and `paid` records (never `private`): `members` opens to any signed-in member, `paid` to a member the owner marked paid or with a completed purchase (any content type; refunded ones do not count). Without access the item has `access: false` and its content cut. Feeds and tags stay public-only; a search without access does not match gated records. */
export type Visibility = "public" | "members" | "paid" | "private";

/**
 * Event
 * An event, as polled and as pushed: `{id, event, timestamp, data}`; `data` depends on `event`.
 */
export type WebhookEvent =
  | ({
      event: "content.created";
    } & ContentCreatedEvent)
  | ({
      event: "content.updated";
    } & ContentUpdatedEvent)
  | ({
      event: "content.deleted";
    } & ContentDeletedEvent)
  | ({
      event: "content.published";
    } & ContentPublishedEvent)
  | ({
      event: "purchase.completed";
    } & PurchaseCompletedEvent)
  | ({
      event: "course.enrolled";
    } & CourseEnrolledEvent)
  | ({
      event: "course.completed";
    } & CourseCompletedEvent)
  | ({
      event: "testimonial.submitted";
    } & TestimonialSubmittedEvent)
  | ({
      event: "newsletter.subscribe";
    } & NewsletterSubscribeEvent)
  | ({
      event: "newsletter.sent";
    } & NewsletterSentEvent);

/**
 * Analytics
 * Site analytics computed from the site's own data. The owner's plan (`free`, `pro` or `business`, set in the dashboard's site settings) decides the fields: **free** `plan, period, totals`; **pro** adds `sales, daily`; **business** adds `top_pages, top_referrers`. Fields of a higher plan are absent, not null.
 */
export type Analytics =
  | ({
      plan: "free";
    } & AnalyticsFree)
  | ({
      plan: "pro";
    } & AnalyticsPro)
  | ({
      plan: "business";
    } & AnalyticsBusiness);

/**
 * PocketBase record id: 15 lower-case letters and digits.
 * @pattern ^[a-z0-9]{15}$
 */
export type RecordId = string;

/**
 * Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time).
 * @pattern ^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$
 */
export type Timestamp = string;

/**
 * Record timestamp (`YYYY-MM-DD hh:mm:ss.mmmZ`, UTC), or `null` when the field is empty.
 * @pattern ^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$
 */
export type NullableTimestamp = string | null;

/**
 * RFC 3339 / ISO 8601 UTC timestamp with milliseconds, as used in webhook bodies.
 * @format date-time
 * @pattern ^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$
 */
export type EventTimestamp = string;

/**
 * Absolute URL of an uploaded image (files are uploaded in the dashboard), or `null` when there is none. It starts with PocketBase's *Application URL* once the owner has set it (Settings → Application URL), otherwise with the scheme and host this request was sent to (behind a trusted proxy, the scheme the proxy reports), so it loads wherever the server is reached.
 * @format uri
 */
export type FileUrl = string | null;

/**
 * Thumbnails
 * The image at each thumbnail size its collection declares (PocketBase's *thumbs*; `100x100` and `600x0` unless the owner changed them), keyed by size (`WxH`: `0` keeps the aspect ratio; a `t`, `b` or `f` suffix crops from the top, the bottom or fits): the image's URL with `?thumb=SIZE`. PocketBase makes each thumbnail on its first request; a size the collection does not declare returns the original image. `null` when there is no image.
 */
export type FileThumbs = Partial<Record<any, string>> | null;

/** A URL entered by the owner; the empty string when not set. */
export type LinkUrl = string;

/** Rich text (HTML) as written in the dashboard editor; the empty string when empty. */
export type Html = string;

/**
 * URL-safe name: lower-case words of `a-z0-9` joined by single hyphens, unique in its collection. Generated from the title when not given.
 * @maxLength 200
 * @pattern ^[a-z0-9]+(?:-[a-z0-9]+)*$
 */
export type Slug = string;

/** Tags, in the owner's order; `[]` when none. */
export type Tags = string[];

/**
 * Lower-case ISO 4217 currency code.
 * @pattern ^[a-z]{3}$
 */
export type Currency = string;

/**
 * Amount in minor units of the currency (cents); 0 means free.
 * @min 0
 */
export type MinorUnits = number;

/** Position in the simple list: lower numbers come first, ties by `created`. */
export type SortOrder = number;

/**
 * Profile
 * The owner's public profile (the site's one profile record).
 */
export interface Profile {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /** The owner's name. */
  name: string;
  /** One-line headline; the empty string when not set. */
  headline: string;
  /** Rich text (HTML) as written in the dashboard editor; the empty string when empty. */
  bio: Html;
  /** Absolute URL of an uploaded image (files are uploaded in the dashboard), or `null` when there is none. It starts with PocketBase's *Application URL* once the owner has set it (Settings → Application URL), otherwise with the scheme and host this request was sent to (behind a trusted proxy, the scheme the proxy reports), so it loads wherever the server is reached. */
  avatar: FileUrl;
  /** The image at each thumbnail size its collection declares (PocketBase's *thumbs*; `100x100` and `600x0` unless the owner changed them), keyed by size (`WxH`: `0` keeps the aspect ratio; a `t`, `b` or `f` suffix crops from the top, the bottom or fits): the image's URL with `?thumb=SIZE`. PocketBase makes each thumbnail on its first request; a size the collection does not declare returns the original image. `null` when there is no image. */
  avatar_thumbs: FileThumbs;
  /** Where the owner is based; the empty string when not set. */
  location: string;
  /** A URL entered by the owner; the empty string when not set. */
  website: LinkUrl;
  /** The owner's links as entered in the dashboard (a JSON field, normally an array of `{label, url}`); `null` when empty. */
  links:
    | {
        label?: string;
        url?: string;
      }[]
    | null;
  /** Public contact address; the empty string when not set. */
  email: string;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
}

/**
 * Post (list item)
 * A post as v1 lists show it (no `content`, no `draft`).
 */
export interface PostListItem {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Title.
   * @maxLength 300
   */
  title: string;
  /** URL-safe name: lower-case words of `a-z0-9` joined by single hyphens, unique in its collection. Generated from the title when not given. */
  slug: Slug;
  /** Short summary shown in lists; the empty string when not set. */
  excerpt: string;
  /** Absolute URL of an uploaded image (files are uploaded in the dashboard), or `null` when there is none. It starts with PocketBase's *Application URL* once the owner has set it (Settings → Application URL), otherwise with the scheme and host this request was sent to (behind a trusted proxy, the scheme the proxy reports), so it loads wherever the server is reached. */
  cover: FileUrl;
  /** The image at each thumbnail size its collection declares (PocketBase's *thumbs*; `100x100` and `600x0` unless the owner changed them), keyed by size (`WxH`: `0` keeps the aspect ratio; a `t`, `b` or `f` suffix crops from the top, the bottom or fits): the image's URL with `?thumb=SIZE`. PocketBase makes each thumbnail on its first request; a size the collection does not declare returns the original image. `null` when there is no image. */
  cover_thumbs: FileThumbs;
  /** Tags, in the owner's order; `[]` when none. */
  tags: Tags;
  /** Who may read the record whole. v1 lists and serves published `public`, `members` and `paid` records (never `private`): `members` opens to any signed-in member, `paid` to a member the owner marked paid or with a completed purchase (any content type; refunded ones do not count). Without access the item has `access: false` and its content cut. Feeds and tags stay public-only; a search without access does not match gated records. */
  visibility: Visibility;
  /** **Extension.** When the record goes (or went) live; `null` on a draft never published. A non-draft saved without it gets the save time; one in the future schedules the record: v1 shows it, and `content.published` fires, when that time comes. Writable, e.g. `"published_at": "2026-12-01 09:00:00.000Z"`. */
  published_at?: NullableTimestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** v1 reads: whether the reader has the whole item. `false` for a `members` or `paid` post or project the reader's `X-Member-Token` (or its absence) does not open: its `content` is then cut at `<!--members-only-->` (the public preview; empty without the marker), title and excerpt intact. Always `true` for what has no visibility. Absent from v2 and write answers. */
  access?: boolean;
}

/**
 * Post
 * A whole post: v1 GET by slug, v1 write responses, v2 lists and v2 GET.
 */
export interface Post {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Title.
   * @maxLength 300
   */
  title: string;
  /** URL-safe name: lower-case words of `a-z0-9` joined by single hyphens, unique in its collection. Generated from the title when not given. */
  slug: Slug;
  /** Short summary shown in lists; the empty string when not set. */
  excerpt: string;
  /** Absolute URL of an uploaded image (files are uploaded in the dashboard), or `null` when there is none. It starts with PocketBase's *Application URL* once the owner has set it (Settings → Application URL), otherwise with the scheme and host this request was sent to (behind a trusted proxy, the scheme the proxy reports), so it loads wherever the server is reached. */
  cover: FileUrl;
  /** The image at each thumbnail size its collection declares (PocketBase's *thumbs*; `100x100` and `600x0` unless the owner changed them), keyed by size (`WxH`: `0` keeps the aspect ratio; a `t`, `b` or `f` suffix crops from the top, the bottom or fits): the image's URL with `?thumb=SIZE`. PocketBase makes each thumbnail on its first request; a size the collection does not declare returns the original image. `null` when there is no image. */
  cover_thumbs: FileThumbs;
  /** Tags, in the owner's order; `[]` when none. */
  tags: Tags;
  /** Who may read the record whole. v1 lists and serves published `public`, `members` and `paid` records (never `private`): `members` opens to any signed-in member, `paid` to a member the owner marked paid or with a completed purchase (any content type; refunded ones do not count). Without access the item has `access: false` and its content cut. Feeds and tags stay public-only; a search without access does not match gated records. */
  visibility: Visibility;
  /** **Extension.** When the record goes (or went) live; `null` on a draft never published. A non-draft saved without it gets the save time; one in the future schedules the record: v1 shows it, and `content.published` fires, when that time comes. Writable, e.g. `"published_at": "2026-12-01 09:00:00.000Z"`. */
  published_at?: NullableTimestamp;
  /** Rich text (HTML) as written in the dashboard editor; the empty string when empty. */
  content: Html;
  /** Drafts are never shown by v1 reads. Published means `draft == false`. */
  draft: boolean;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** v1 reads: whether the reader has the whole item. `false` for a `members` or `paid` post or project the reader's `X-Member-Token` (or its absence) does not open: its `content` is then cut at `<!--members-only-->` (the public preview; empty without the marker), title and excerpt intact. Always `true` for what has no visibility. Absent from v2 and write answers. */
  access?: boolean;
}

/**
 * Project (list item)
 * A project as v1 lists show it (no `content`, no `draft`).
 */
export interface ProjectListItem {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Title.
   * @maxLength 300
   */
  title: string;
  /** URL-safe name: lower-case words of `a-z0-9` joined by single hyphens, unique in its collection. Generated from the title when not given. */
  slug: Slug;
  /** Short summary shown in lists; the empty string when not set. */
  excerpt: string;
  /** Absolute URL of an uploaded image (files are uploaded in the dashboard), or `null` when there is none. It starts with PocketBase's *Application URL* once the owner has set it (Settings → Application URL), otherwise with the scheme and host this request was sent to (behind a trusted proxy, the scheme the proxy reports), so it loads wherever the server is reached. */
  cover: FileUrl;
  /** The image at each thumbnail size its collection declares (PocketBase's *thumbs*; `100x100` and `600x0` unless the owner changed them), keyed by size (`WxH`: `0` keeps the aspect ratio; a `t`, `b` or `f` suffix crops from the top, the bottom or fits): the image's URL with `?thumb=SIZE`. PocketBase makes each thumbnail on its first request; a size the collection does not declare returns the original image. `null` when there is no image. */
  cover_thumbs: FileThumbs;
  /** Tags, in the owner's order; `[]` when none. */
  tags: Tags;
  /** Who may read the record whole. v1 lists and serves published `public`, `members` and `paid` records (never `private`): `members` opens to any signed-in member, `paid` to a member the owner marked paid or with a completed purchase (any content type; refunded ones do not count). Without access the item has `access: false` and its content cut. Feeds and tags stay public-only; a search without access does not match gated records. */
  visibility: Visibility;
  /** **Extension.** When the record goes (or went) live; `null` on a draft never published. A non-draft saved without it gets the save time; one in the future schedules the record: v1 shows it, and `content.published` fires, when that time comes. Writable, e.g. `"published_at": "2026-12-01 09:00:00.000Z"`. */
  published_at?: NullableTimestamp;
  /** Live site or product page; the empty string when not set. */
  url: LinkUrl;
  /** Source repository; the empty string when not set. */
  repo_url: LinkUrl;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** v1 reads: whether the reader has the whole item. `false` for a `members` or `paid` post or project the reader's `X-Member-Token` (or its absence) does not open: its `content` is then cut at `<!--members-only-->` (the public preview; empty without the marker), title and excerpt intact. Always `true` for what has no visibility. Absent from v2 and write answers. */
  access?: boolean;
}

/**
 * Project
 * A whole project: v1 GET by slug, v1 write responses, v2 lists and v2 GET.
 */
export interface Project {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Title.
   * @maxLength 300
   */
  title: string;
  /** URL-safe name: lower-case words of `a-z0-9` joined by single hyphens, unique in its collection. Generated from the title when not given. */
  slug: Slug;
  /** Short summary shown in lists; the empty string when not set. */
  excerpt: string;
  /** Absolute URL of an uploaded image (files are uploaded in the dashboard), or `null` when there is none. It starts with PocketBase's *Application URL* once the owner has set it (Settings → Application URL), otherwise with the scheme and host this request was sent to (behind a trusted proxy, the scheme the proxy reports), so it loads wherever the server is reached. */
  cover: FileUrl;
  /** The image at each thumbnail size its collection declares (PocketBase's *thumbs*; `100x100` and `600x0` unless the owner changed them), keyed by size (`WxH`: `0` keeps the aspect ratio; a `t`, `b` or `f` suffix crops from the top, the bottom or fits): the image's URL with `?thumb=SIZE`. PocketBase makes each thumbnail on its first request; a size the collection does not declare returns the original image. `null` when there is no image. */
  cover_thumbs: FileThumbs;
  /** Tags, in the owner's order; `[]` when none. */
  tags: Tags;
  /** Who may read the record whole. v1 lists and serves published `public`, `members` and `paid` records (never `private`): `members` opens to any signed-in member, `paid` to a member the owner marked paid or with a completed purchase (any content type; refunded ones do not count). Without access the item has `access: false` and its content cut. Feeds and tags stay public-only; a search without access does not match gated records. */
  visibility: Visibility;
  /** **Extension.** When the record goes (or went) live; `null` on a draft never published. A non-draft saved without it gets the save time; one in the future schedules the record: v1 shows it, and `content.published` fires, when that time comes. Writable, e.g. `"published_at": "2026-12-01 09:00:00.000Z"`. */
  published_at?: NullableTimestamp;
  /** Live site or product page; the empty string when not set. */
  url: LinkUrl;
  /** Source repository; the empty string when not set. */
  repo_url: LinkUrl;
  /** Rich text (HTML) as written in the dashboard editor; the empty string when empty. */
  content: Html;
  /** Drafts are never shown by v1 reads. Published means `draft == false`. */
  draft: boolean;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** v1 reads: whether the reader has the whole item. `false` for a `members` or `paid` post or project the reader's `X-Member-Token` (or its absence) does not open: its `content` is then cut at `<!--members-only-->` (the public preview; empty without the marker), title and excerpt intact. Always `true` for what has no visibility. Absent from v2 and write answers. */
  access?: boolean;
}

/**
 * Course
 * Course metadata. Lessons are never exposed by the API.
 */
export interface Course {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Title.
   * @maxLength 300
   */
  title: string;
  /** URL-safe name: lower-case words of `a-z0-9` joined by single hyphens, unique in its collection. Generated from the title when not given. */
  slug: Slug;
  /** Rich text (HTML) as written in the dashboard editor; the empty string when empty. */
  description: Html;
  /** Price in minor units (cents); 0 means free. */
  price: MinorUnits;
  /** Lower-case ISO 4217 currency code. */
  currency: Currency;
  /** Absolute URL of an uploaded image (files are uploaded in the dashboard), or `null` when there is none. It starts with PocketBase's *Application URL* once the owner has set it (Settings → Application URL), otherwise with the scheme and host this request was sent to (behind a trusted proxy, the scheme the proxy reports), so it loads wherever the server is reached. */
  cover: FileUrl;
  /** The image at each thumbnail size its collection declares (PocketBase's *thumbs*; `100x100` and `600x0` unless the owner changed them), keyed by size (`WxH`: `0` keeps the aspect ratio; a `t`, `b` or `f` suffix crops from the top, the bottom or fits): the image's URL with `?thumb=SIZE`. PocketBase makes each thumbnail on its first request; a size the collection does not declare returns the original image. `null` when there is no image. */
  cover_thumbs: FileThumbs;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** v1 reads: whether the reader has the whole item. `false` for a `members` or `paid` post or project the reader's `X-Member-Token` (or its absence) does not open: its `content` is then cut at `<!--members-only-->` (the public preview; empty without the marker), title and excerpt intact. Always `true` for what has no visibility. Absent from v2 and write answers. */
  access?: boolean;
}

/** Talk */
export interface Talk {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Title.
   * @maxLength 300
   */
  title: string;
  /** Conference or meetup name; the empty string when not set. */
  event: string;
  /** When the talk was (or will be) given; `null` when not set. */
  date: NullableTimestamp;
  /** Where; the empty string when not set. */
  location: string;
  /** Talk or event page; the empty string when not set. */
  url: LinkUrl;
  /** Slides; the empty string when not set. */
  slides_url: LinkUrl;
  /** Recording; the empty string when not set. */
  video_url: LinkUrl;
  /** Rich text (HTML) as written in the dashboard editor; the empty string when empty. */
  description: Html;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** v1 reads: whether the reader has the whole item. `false` for a `members` or `paid` post or project the reader's `X-Member-Token` (or its absence) does not open: its `content` is then cut at `<!--members-only-->` (the public preview; empty without the marker), title and excerpt intact. Always `true` for what has no visibility. Absent from v2 and write answers. */
  access?: boolean;
}

/** Experience entry */
export interface Experience {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /** Employer. */
  company: string;
  /** Job title. */
  role: string;
  /** Where; the empty string when not set. */
  location: string;
  /** Start; `null` when not set. */
  start_date: NullableTimestamp;
  /** End; `null` for a current position. */
  end_date: NullableTimestamp;
  /** Rich text (HTML) as written in the dashboard editor; the empty string when empty. */
  description: Html;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order: SortOrder;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** v1 reads: whether the reader has the whole item. `false` for a `members` or `paid` post or project the reader's `X-Member-Token` (or its absence) does not open: its `content` is then cut at `<!--members-only-->` (the public preview; empty without the marker), title and excerpt intact. Always `true` for what has no visibility. Absent from v2 and write answers. */
  access?: boolean;
}

/** Education entry */
export interface Education {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /** School or university. */
  school: string;
  /** Degree; the empty string when not set. */
  degree: string;
  /** Field of study; the empty string when not set. */
  field: string;
  /** Start; `null` when not set. */
  start_date: NullableTimestamp;
  /** End; `null` while still studying. */
  end_date: NullableTimestamp;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order: SortOrder;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** v1 reads: whether the reader has the whole item. `false` for a `members` or `paid` post or project the reader's `X-Member-Token` (or its absence) does not open: its `content` is then cut at `<!--members-only-->` (the public preview; empty without the marker), title and excerpt intact. Always `true` for what has no visibility. Absent from v2 and write answers. */
  access?: boolean;
}

/** Skill */
export interface Skill {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /** Skill. */
  name: string;
  /** Grouping on the site, e.g. Languages; the empty string when not set. */
  category: string;
  /** Skill level; the empty string when not set. */
  level: SkillLevel;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order: SortOrder;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** v1 reads: whether the reader has the whole item. `false` for a `members` or `paid` post or project the reader's `X-Member-Token` (or its absence) does not open: its `content` is then cut at `<!--members-only-->` (the public preview; empty without the marker), title and excerpt intact. Always `true` for what has no visibility. Absent from v2 and write answers. */
  access?: boolean;
}

/** Certification */
export interface Certification {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /** Certification. */
  name: string;
  /** Issuing body; the empty string when not set. */
  issuer: string;
  /** When it was issued; `null` when not set. */
  issued_at: NullableTimestamp;
  /** When it expires; `null` if it does not. */
  expires_at: NullableTimestamp;
  /** Where the credential can be verified; the empty string when not set. */
  credential_url: LinkUrl;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order: SortOrder;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** v1 reads: whether the reader has the whole item. `false` for a `members` or `paid` post or project the reader's `X-Member-Token` (or its absence) does not open: its `content` is then cut at `<!--members-only-->` (the public preview; empty without the marker), title and excerpt intact. Always `true` for what has no visibility. Absent from v2 and write answers. */
  access?: boolean;
}

/**
 * Member
 * A member account. Never a password hash, token key or other secret.
 */
export interface Member {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /** Display name; the empty string when not set. */
  name: string;
  /**
   * Email address.
   * @format email
   */
  email: string;
  /** Whether the member verified their email address. */
  verified: boolean;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
}

/** The last 30 days, UTC, both ends inclusive (`to` is today). */
export interface AnalyticsPeriod {
  /**
   * A UTC calendar date `YYYY-MM-DD`.
   * @format date
   * @pattern ^\d{4}-\d{2}-\d{2}$
   */
  from: string;
  /**
   * A UTC calendar date `YYYY-MM-DD`.
   * @format date
   * @pattern ^\d{4}-\d{2}-\d{2}$
   */
  to: string;
}

export interface AnalyticsTotals {
  /**
   * Member accounts.
   * @min 0
   */
  members: number;
  /**
   * Newsletter subscribers.
   * @min 0
   */
  subscribers: number;
  /**
   * Page views over the period.
   * @min 0
   */
  page_views: number;
}

export interface RevenueAmount {
  /** Lower-case ISO 4217 currency code. */
  currency: Currency;
  /** Completed purchases' total in minor units. */
  amount: MinorUnits;
}

export interface AnalyticsSales {
  /**
   * Completed purchases.
   * @min 0
   */
  purchases: number;
  /**
   * Course enrollments.
   * @min 0
   */
  enrollments: number;
  /** Revenue of completed purchases, one entry per currency. */
  revenue: RevenueAmount[];
}

export interface AnalyticsDay {
  /**
   * A UTC calendar date `YYYY-MM-DD`.
   * @format date
   * @pattern ^\d{4}-\d{2}-\d{2}$
   */
  date: string;
  /** @min 0 */
  page_views: number;
  /** @min 0 */
  new_members: number;
  /** @min 0 */
  new_subscribers: number;
}

export interface AnalyticsTopPage {
  /** Page path. */
  path: string;
  /** @min 0 */
  views: number;
}

export interface AnalyticsTopReferrer {
  /** Referrer. */
  referrer: string;
  /** @min 0 */
  views: number;
}

/**
 * Analytics (free plan)
 * `plan`, `period`, `totals`.
 */
export interface AnalyticsFree {
  plan: "free";
  /** The last 30 days, UTC, both ends inclusive (`to` is today). */
  period: AnalyticsPeriod;
  totals: AnalyticsTotals;
}

/**
 * Analytics (pro plan)
 * Free fields plus `sales` and `daily`.
 */
export interface AnalyticsPro {
  plan: "pro";
  /** The last 30 days, UTC, both ends inclusive (`to` is today). */
  period: AnalyticsPeriod;
  totals: AnalyticsTotals;
  sales: AnalyticsSales;
  /**
   * 30 days, oldest first.
   * @maxItems 30
   * @minItems 30
   */
  daily: AnalyticsDay[];
}

/**
 * Analytics (business plan)
 * Pro fields plus `top_pages` and `top_referrers`.
 */
export interface AnalyticsBusiness {
  plan: "business";
  /** The last 30 days, UTC, both ends inclusive (`to` is today). */
  period: AnalyticsPeriod;
  totals: AnalyticsTotals;
  sales: AnalyticsSales;
  /**
   * 30 days, oldest first.
   * @maxItems 30
   * @minItems 30
   */
  daily: AnalyticsDay[];
  /**
   * Top 10 pages by views over the period.
   * @maxItems 10
   */
  top_pages: AnalyticsTopPage[];
  /**
   * Top 10 referrers by views over the period.
   * @maxItems 10
   */
  top_referrers: AnalyticsTopReferrer[];
}

/**
 * API key
 * An API key as the admin endpoints show it: never the hash, never the full value.
 */
export interface ApiKey {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Label chosen at creation.
   * @maxLength 100
   */
  name: string;
  /**
   * `svc_live_` and the first 8 random characters: what lists show of the key.
   * @pattern ^svc_live_[0-9A-Za-z]{8}$
   */
  prefix: string;
  /**
   * The key's last four characters, shown beside the prefix.
   * @pattern ^[0-9A-Za-z]{4}$
   */
  last4: string;
  /** Permissions of the key. */
  scopes: Scope[];
  /** Normalized origins (`scheme://host[:port]`). Empty: no origin restriction (server-to-server use). */
  allowed_origins: string[];
  /** When the key expires; `null`: never. */
  expiry: NullableTimestamp;
  /** When false the key is switched off without being deleted (403 `key_disabled`). */
  active: boolean;
  /** Last successful use, written about once a minute; `null`: never used. */
  last_used_at: NullableTimestamp;
  /** After a rotation: until when the previous secret still works (24 hours); otherwise `null`. */
  previous_secret_expires_at: NullableTimestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
}

/**
 * The full key: `svc_live_` + 32 random base62 characters + a 6-character base62 CRC32 checksum of what precedes it. Shown once, in the create or rotate response; only its SHA-256 hash is stored.
 * @pattern ^svc_live_[0-9A-Za-z]{38}$
 */
export type ApiKeyFullValue = string;

/**
 * API key with its full value
 * The create and rotate responses: the key plus its full value, shown once.
 */
export interface ApiKeyWithSecret {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Label chosen at creation.
   * @maxLength 100
   */
  name: string;
  /**
   * `svc_live_` and the first 8 random characters: what lists show of the key.
   * @pattern ^svc_live_[0-9A-Za-z]{8}$
   */
  prefix: string;
  /**
   * The key's last four characters, shown beside the prefix.
   * @pattern ^[0-9A-Za-z]{4}$
   */
  last4: string;
  /** Permissions of the key. */
  scopes: Scope[];
  /** Normalized origins (`scheme://host[:port]`). Empty: no origin restriction (server-to-server use). */
  allowed_origins: string[];
  /** When the key expires; `null`: never. */
  expiry: NullableTimestamp;
  /** When false the key is switched off without being deleted (403 `key_disabled`). */
  active: boolean;
  /** Last successful use, written about once a minute; `null`: never used. */
  last_used_at: NullableTimestamp;
  /** After a rotation: until when the previous secret still works (24 hours); otherwise `null`. */
  previous_secret_expires_at: NullableTimestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** The full key: `svc_live_` + 32 random base62 characters + a 6-character base62 CRC32 checksum of what precedes it. Shown once, in the create or rotate response; only its SHA-256 hash is stored. */
  key: ApiKeyFullValue;
}

/** New API key */
export interface ApiKeyCreate {
  /**
   * Label, 1 to 100 characters.
   * @minLength 1
   * @maxLength 100
   */
  name: string;
  /**
   * At least one scope.
   * @minItems 1
   */
  scopes: Scope[];
  /** `http(s)` origins such as `https://example.com`; empty or absent: any origin. */
  allowed_origins?: string[];
  /** RFC 3339 date-time (or the record layout); `null` clears it. A past expiry expires the key at once. */
  expiry?: string | null;
  /** Switch the key off or on (default on create: true). */
  active?: boolean;
}

/**
 * API key changes
 * Only the fields sent change.
 */
export interface ApiKeyUpdate {
  /**
   * Label, 1 to 100 characters.
   * @minLength 1
   * @maxLength 100
   */
  name?: string;
  /**
   * At least one scope.
   * @minItems 1
   */
  scopes?: Scope[];
  /** `http(s)` origins such as `https://example.com`; empty or absent: any origin. */
  allowed_origins?: string[];
  /** RFC 3339 date-time (or the record layout); `null` clears it. A past expiry expires the key at once. */
  expiry?: string | null;
  /** Switch the key off or on (default on create: true). */
  active?: boolean;
}

/** Event type */
export interface WebhookEventType {
  /** A webhook event type; when each fires is given with its value. */
  name: EventName;
  /** When it fires. */
  description: string;
  /** The event's data carry personal data (an e-mail address, a name): only a server key (one without `allowed_origins`) may poll it; a browser key gets `403 insufficient_scope`. */
  personal_data: boolean;
}

/**
 * Tag list
 * **Extension.** The tags of published public posts, with their numbers of posts.
 * @example {"data":[{"tag":"go","count":12}]}
 */
export interface TagList {
  data: {
    /**
     * The tag, lower-cased.
     * @maxLength 4096
     */
    tag: string;
    /**
     * How many published public posts have it.
     * @min 1
     */
    count: number;
  }[];
}

/** Content event data */
export interface ContentEventData {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /** Where the content lives. */
  collection: "posts" | "projects" | "pages";
  /** Title. */
  title: string;
  /** Slug. */
  slug: string;
  /** **Extension.** The record's `published_at` (RFC 3339, ms, UTC); `null` while unset (a draft never published). */
  published_at?: EventTimestamp | null;
}

/** purchase.completed data */
export interface PurchaseEventData {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  collection: "purchases";
  /**
   * Buyer's email.
   * @format email
   */
  buyer_email: string;
  /** What was bought. */
  content_type: "course" | "post" | "project" | "product";
  /** Record id of what was bought. */
  content_id: string;
  /**
   * Amount paid in minor units (cents) of `currency`.
   * @min 0
   */
  amount: number;
  /** Lower-case ISO 4217 currency code. */
  currency: Currency;
}

/** course.enrolled data */
export interface EnrollmentEventData {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  collection: "enrollments";
  /** The course's record id. */
  course: RecordId;
  /**
   * Learner's email.
   * @format email
   */
  buyer_email: string;
}

/** course.completed data */
export interface CourseCompletedEventData {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  collection: "enrollments";
  /** The course's record id. */
  course: RecordId;
  /**
   * Learner's email.
   * @format email
   */
  buyer_email: string;
  /** When the learner finished. */
  completed_at: EventTimestamp;
}

/** testimonial.submitted data */
export interface TestimonialEventData {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  collection: "testimonials";
  /** Author. */
  name: string;
  /** Author's email. */
  email: string;
  /** Company; the empty string when not given. */
  company: string;
  /** Role; the empty string when not given. */
  role: string;
}

/** newsletter.subscribe data */
export interface SubscriberEventData {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  collection: "newsletter_subscribers";
  /**
   * Subscriber's email.
   * @format email
   */
  email: string;
  /** Subscriber's name; the empty string when not given. */
  name: string;
}

/**
 * content.created
 * A post, project or custom page was created.
 */
export interface ContentCreatedEvent {
  /**
   * Stable event id, `evt_` + the event record's id: the same in polls and in every push of it; de-duplicate by it.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  id: string;
  event: "content.created";
  /** When the event happened (not when it was sent). */
  timestamp: EventTimestamp;
  data: ContentEventData;
}

/**
 * content.updated
 * A post, project or custom page was updated.
 */
export interface ContentUpdatedEvent {
  /**
   * Stable event id, `evt_` + the event record's id: the same in polls and in every push of it; de-duplicate by it.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  id: string;
  event: "content.updated";
  /** When the event happened (not when it was sent). */
  timestamp: EventTimestamp;
  data: ContentEventData;
}

/**
 * content.deleted
 * A post, project or custom page was deleted.
 */
export interface ContentDeletedEvent {
  /**
   * Stable event id, `evt_` + the event record's id: the same in polls and in every push of it; de-duplicate by it.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  id: string;
  event: "content.deleted";
  /** When the event happened (not when it was sent). */
  timestamp: EventTimestamp;
  data: ContentEventData;
}

/**
 * content.published
 * A post, project or custom page was updated and is published (not a draft, published_at come; fires together with content.updated, so de-duplicate), or a scheduled one's published_at came (fires alone, once).
 */
export interface ContentPublishedEvent {
  /**
   * Stable event id, `evt_` + the event record's id: the same in polls and in every push of it; de-duplicate by it.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  id: string;
  event: "content.published";
  /** When the event happened (not when it was sent). */
  timestamp: EventTimestamp;
  data: ContentEventData;
}

/**
 * purchase.completed
 * A one-time purchase was created as, or changed to, completed.
 */
export interface PurchaseCompletedEvent {
  /**
   * Stable event id, `evt_` + the event record's id: the same in polls and in every push of it; de-duplicate by it.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  id: string;
  event: "purchase.completed";
  /** When the event happened (not when it was sent). */
  timestamp: EventTimestamp;
  data: PurchaseEventData;
}

/**
 * course.enrolled
 * A learner enrolled in a course.
 */
export interface CourseEnrolledEvent {
  /**
   * Stable event id, `evt_` + the event record's id: the same in polls and in every push of it; de-duplicate by it.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  id: string;
  event: "course.enrolled";
  /** When the event happened (not when it was sent). */
  timestamp: EventTimestamp;
  data: EnrollmentEventData;
}

/**
 * course.completed
 * A learner finished a course (the enrollment's completed_at was set).
 */
export interface CourseCompletedEvent {
  /**
   * Stable event id, `evt_` + the event record's id: the same in polls and in every push of it; de-duplicate by it.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  id: string;
  event: "course.completed";
  /** When the event happened (not when it was sent). */
  timestamp: EventTimestamp;
  data: CourseCompletedEventData;
}

/**
 * testimonial.submitted
 * A testimonial was submitted.
 */
export interface TestimonialSubmittedEvent {
  /**
   * Stable event id, `evt_` + the event record's id: the same in polls and in every push of it; de-duplicate by it.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  id: string;
  event: "testimonial.submitted";
  /** When the event happened (not when it was sent). */
  timestamp: EventTimestamp;
  data: TestimonialEventData;
}

/**
 * newsletter.subscribe
 * A subscriber confirmed their address (the double opt-in link), or the owner added or set one confirmed; not when an address is merely entered, nor for imported rows.
 */
export interface NewsletterSubscribeEvent {
  /**
   * Stable event id, `evt_` + the event record's id: the same in polls and in every push of it; de-duplicate by it.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  id: string;
  event: "newsletter.subscribe";
  /** When the event happened (not when it was sent). */
  timestamp: EventTimestamp;
  data: SubscriberEventData;
}

/** New webhook */
export interface WebhookCreate {
  /**
   * Destination: `https`, resolving to public addresses only (checked at registration and again at each delivery). The owner's `webhooks_allow_private` setting allows `http` and private addresses for development.
   * @format uri
   */
  url: string;
  /** Events to deliver. Empty, null or absent: all nine. A name given twice counts once (duplicates are merged). */
  events?: EventName[] | null;
  /** Narrows a subscription to the events it needs. An event is pushed when its `data.collection` is one of `collections` (if given) and, for content events (posts, projects, pages), the content has one of `tags` (if given; any of them, case-insensitive, as `?tag=` matches); the tags leave other events alone. Events filtered out make no delivery. `null` (or `{}` when sent): every event of the subscription's types. */
  filter?: WebhookFilter;
  /**
   * Note for the owner.
   * @maxLength 500
   */
  description?: string;
}

/**
 * Signing secret: `whsec_` + base64 of 32 random bytes. Shown once, at registration. `X-Service-Signature` keys its HMAC with this whole string; the Standard Webhooks `webhook-signature` keys it with the decoded bytes (what its libraries do).
 * @pattern ^whsec_[A-Za-z0-9+/]{43}=$
 */
export type WebhookSigningSecret = string;

/**
 * Registered webhook
 * The registration response (v2 style: the object itself). The only time the secret is shown.
 */
export interface WebhookRegistration {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Destination URL.
   * @format uri
   */
  url: string;
  /** Events delivered; empty means all nine. */
  events: EventName[];
  /** Narrows a subscription to the events it needs. An event is pushed when its `data.collection` is one of `collections` (if given) and, for content events (posts, projects, pages), the content has one of `tags` (if given; any of them, case-insensitive, as `?tag=` matches); the tags leave other events alone. Events filtered out make no delivery. `null` (or `{}` when sent): every event of the subscription's types. */
  filter: WebhookFilter;
  /** Always true for a new registration. */
  enabled: boolean;
  /** Note for the owner. */
  description: string;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Signing secret: `whsec_` + base64 of 32 random bytes. Shown once, at registration. `X-Service-Signature` keys its HMAC with this whole string; the Standard Webhooks `webhook-signature` keys it with the decoded bytes (what its libraries do). */
  secret: WebhookSigningSecret;
}

/**
 * Webhook subscription
 * A subscription as the owner sees it. Never the secret.
 */
export interface WebhookSubscription {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Destination URL.
   * @format uri
   */
  url: string;
  /** Events delivered; empty means all nine. */
  events: EventName[];
  /** Disabled subscriptions receive no deliveries. */
  enabled: boolean;
  /** Note for the owner. */
  description: string;
  /**
   * Consecutive failed deliveries; at 10 the subscription is switched off.
   * @min 0
   */
  failure_count: number;
  /** Why the service switched the subscription off (10 consecutive failures, 410 Gone, the registering API key revoked); `null` otherwise. */
  disabled_reason: string | null;
  /** Why pushes to this subscription are held now: the API key that registered it could not register it now. `key_disabled`: switched off; `key_expired`: past its expiry; `key_scope`: no longer holds `write:webhooks` (or `webhooks`); `key_browser`: it has allowed origins now and the subscription receives events with personal data, which are for server keys only; While held, nothing is pushed, but events and deliveries are kept (pending, up to the 7 days of retention) and pushed in order once the key could register the subscription again. A rotated key is the same key: rotation holds nothing. `null` when the owner made the subscription, its key could register it now, or its key was revoked (which switched the subscription off; one the owner switched on again is the owner's). */
  paused_reason: "key_disabled" | "key_expired" | "key_scope" | "key_browser";
  /**
   * Id of the API key that registered it through `POST /api/v2/webhooks`, kept after the key is revoked; `null` when the owner made it (admin API, console or dashboard). Revoking the key switches the subscription off.
   * @pattern ^[a-z0-9]{15}$
   */
  api_key: string | null;
  /** Name of that API key; `null` when the owner made the subscription or the key has been revoked. */
  api_key_name: string | null;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** Narrows a subscription to the events it needs. An event is pushed when its `data.collection` is one of `collections` (if given) and, for content events (posts, projects, pages), the content has one of `tags` (if given; any of them, case-insensitive, as `?tag=` matches); the tags leave other events alone. Events filtered out make no delivery. `null` (or `{}` when sent): every event of the subscription's types. */
  filter: WebhookFilter;
}

/**
 * Webhook subscription changes
 * Only the fields sent change.
 */
export interface WebhookSubscriptionUpdate {
  /** Switch deliveries on or off. Enabling resets `failure_count` and `disabled_reason`. */
  enabled?: boolean;
  /** Events to deliver. Empty: all nine; null or absent: unchanged. A name given twice counts once (duplicates are merged). */
  events?: EventName[] | null;
  /** Narrows a subscription to the events it needs. An event is pushed when its `data.collection` is one of `collections` (if given) and, for content events (posts, projects, pages), the content has one of `tags` (if given; any of them, case-insensitive, as `?tag=` matches); the tags leave other events alone. Events filtered out make no delivery. `null` (or `{}` when sent): every event of the subscription's types. */
  filter?: WebhookFilter;
  /**
   * Note for the owner.
   * @maxLength 500
   */
  description?: string;
}

/** Test delivery result */
export interface WebhookTestResult {
  /** Whether the destination answered 2xx. */
  delivered: boolean;
  /**
   * HTTP status of the answer; `null` when there was none (time-out, refused connection, blocked address).
   * @min 100
   * @max 599
   */
  status_code: number | null;
  /**
   * How long the attempt took.
   * @min 0
   */
  duration_ms: number;
  /** Why the attempt failed; `null` when delivered. */
  error: string | null;
  /** The start of the answer's body (the empty string when none). */
  response_excerpt: string;
}

/**
 * Delivery
 * One delivery of one event to one subscription, with its retry state.
 */
export interface WebhookDelivery {
  /**
   * Delivery id `dlv_...`: one per (event, subscription), the same on every retry (`X-Service-Delivery`, `webhook-id`).
   * @pattern ^dlv_[a-z0-9]{15}$
   */
  id: string;
  /**
   * The event's id.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  event_id: string;
  /** A webhook event type; when each fires is given with its value. */
  event: EventName;
  /** `pending`: waiting for an attempt or a retry; `succeeded`: a 2xx answer; `failed`: every attempt failed, or the subscription was switched off. */
  status: DeliveryStatus;
  /**
   * Attempts made so far (at most 6).
   * @min 0
   */
  attempt: number;
  /** When a pending delivery is tried next; `null` otherwise. */
  next_attempt_at: NullableTimestamp;
  /**
   * HTTP status of the last attempt's answer; `null` when there was none (no attempt yet, time-out, refused connection).
   * @min 100
   * @max 599
   */
  last_status_code: number | null;
  /**
   * Duration of the last attempt.
   * @min 0
   */
  last_duration_ms: number;
  /** Why the last attempt failed; `null` when it did not. `withheld: …` marks a delivery never attempted: its content was not served and the subscription's key is a browser key (one with `allowed_origins`). */
  last_error: string | null;
  /** The start of the last answer's body; the empty string when none. */
  response_excerpt: string;
  /** When a 2xx answer came; `null` until then. */
  delivered_at: NullableTimestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  updated: Timestamp;
  /** **Extension.** Every attempt of this delivery, oldest first, a redelivery's included (kept as long as the delivery, 7 days). The owner's test pings are not stored. */
  attempts: WebhookAttempt[];
}

/**
 * New post
 * Unknown fields are refused (400 naming the field). Files (covers) are uploaded in the dashboard.
 */
export interface PostCreate {
  /**
   * Title, 1 to 300 characters.
   * @minLength 1
   * @maxLength 300
   */
  title: string;
  /**
   * URL-safe slug; generated from the title when absent or empty. Must be unique.
   * @maxLength 200
   */
  slug?: string;
  /**
   * Short summary.
   * @maxLength 1000
   */
  excerpt?: string;
  /** Body (HTML). */
  content?: string;
  /** Tags. */
  tags?: string[];
  /** Who may read the record whole. v1 lists and serves published `public`, `members` and `paid` records (never `private`): `members` opens to any signed-in member, `paid` to a member the owner marked paid or with a completed purchase (any content type; refunded ones do not count). Without access the item has `access: false` and its content cut. Feeds and tags stay public-only; a search without access does not match gated records. */
  visibility: Visibility;
  /** Keep it out of v1 reads. */
  draft?: boolean;
  /** When it goes (or went) live: RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`). A future time schedules it (v1 shows it, and `content.published` fires, when that time comes); absent on a non-draft, the save time. `null` or `""` clears it. */
  published_at?: string | null;
}

/**
 * Post changes
 * Only the fields sent change. Unknown fields are refused (400 naming the field).
 */
export interface PostUpdate {
  /**
   * Title, 1 to 300 characters.
   * @minLength 1
   * @maxLength 300
   */
  title?: string;
  /**
   * URL-safe slug; generated from the title when absent or empty. Must be unique.
   * @maxLength 200
   */
  slug?: string;
  /**
   * Short summary.
   * @maxLength 1000
   */
  excerpt?: string;
  /** Body (HTML). */
  content?: string;
  /** Tags. */
  tags?: string[];
  /** Who may read the record whole. v1 lists and serves published `public`, `members` and `paid` records (never `private`): `members` opens to any signed-in member, `paid` to a member the owner marked paid or with a completed purchase (any content type; refunded ones do not count). Without access the item has `access: false` and its content cut. Feeds and tags stay public-only; a search without access does not match gated records. */
  visibility?: Visibility;
  /** Keep it out of v1 reads. */
  draft?: boolean;
  /** When it goes (or went) live: RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`). A future time schedules it (v1 shows it, and `content.published` fires, when that time comes); absent on a non-draft, the save time. `null` or `""` clears it. */
  published_at?: string | null;
}

/**
 * New project
 * Unknown fields are refused (400 naming the field). Files (covers) are uploaded in the dashboard.
 */
export interface ProjectCreate {
  /**
   * Title, 1 to 300 characters.
   * @minLength 1
   * @maxLength 300
   */
  title: string;
  /**
   * URL-safe slug; generated from the title when absent or empty. Must be unique.
   * @maxLength 200
   */
  slug?: string;
  /**
   * Short summary.
   * @maxLength 1000
   */
  excerpt?: string;
  /** Body (HTML). */
  content?: string;
  /** Tags. */
  tags?: string[];
  /** Who may read the record whole. v1 lists and serves published `public`, `members` and `paid` records (never `private`): `members` opens to any signed-in member, `paid` to a member the owner marked paid or with a completed purchase (any content type; refunded ones do not count). Without access the item has `access: false` and its content cut. Feeds and tags stay public-only; a search without access does not match gated records. */
  visibility: Visibility;
  /** Keep it out of v1 reads. */
  draft?: boolean;
  /** When it goes (or went) live: RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`). A future time schedules it (v1 shows it, and `content.published` fires, when that time comes); absent on a non-draft, the save time. `null` or `""` clears it. */
  published_at?: string | null;
  /**
   * Live site or product page.
   * @format uri
   */
  url?: string;
  /**
   * Source repository.
   * @format uri
   */
  repo_url?: string;
}

/**
 * Project changes
 * Only the fields sent change. Unknown fields are refused (400 naming the field).
 */
export interface ProjectUpdate {
  /**
   * Title, 1 to 300 characters.
   * @minLength 1
   * @maxLength 300
   */
  title?: string;
  /**
   * URL-safe slug; generated from the title when absent or empty. Must be unique.
   * @maxLength 200
   */
  slug?: string;
  /**
   * Short summary.
   * @maxLength 1000
   */
  excerpt?: string;
  /** Body (HTML). */
  content?: string;
  /** Tags. */
  tags?: string[];
  /** Who may read the record whole. v1 lists and serves published `public`, `members` and `paid` records (never `private`): `members` opens to any signed-in member, `paid` to a member the owner marked paid or with a completed purchase (any content type; refunded ones do not count). Without access the item has `access: false` and its content cut. Feeds and tags stay public-only; a search without access does not match gated records. */
  visibility?: Visibility;
  /** Keep it out of v1 reads. */
  draft?: boolean;
  /** When it goes (or went) live: RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`). A future time schedules it (v1 shows it, and `content.published` fires, when that time comes); absent on a non-draft, the save time. `null` or `""` clears it. */
  published_at?: string | null;
  /**
   * Live site or product page.
   * @format uri
   */
  url?: string;
  /**
   * Source repository.
   * @format uri
   */
  repo_url?: string;
}

/**
 * New course
 * Unknown fields are refused (400 naming the field). Files (covers) are uploaded in the dashboard.
 */
export interface CourseCreate {
  /**
   * Title, 1 to 300 characters.
   * @minLength 1
   * @maxLength 300
   */
  title: string;
  /**
   * URL-safe slug; generated from the title when absent or empty. Must be unique.
   * @maxLength 200
   */
  slug?: string;
  /** Description (HTML). */
  description?: string;
  /** Price in minor units (cents); 0 means free. */
  price?: MinorUnits;
  /** Lower-case ISO 4217 currency code. */
  currency: Currency;
}

/**
 * Course changes
 * Only the fields sent change. Unknown fields are refused (400 naming the field).
 */
export interface CourseUpdate {
  /**
   * Title, 1 to 300 characters.
   * @minLength 1
   * @maxLength 300
   */
  title?: string;
  /**
   * URL-safe slug; generated from the title when absent or empty. Must be unique.
   * @maxLength 200
   */
  slug?: string;
  /** Description (HTML). */
  description?: string;
  /** Price in minor units (cents); 0 means free. */
  price?: MinorUnits;
  /** Lower-case ISO 4217 currency code. */
  currency?: Currency;
}

/**
 * New talk
 * Unknown fields are refused (400 naming the field). Files (covers) are uploaded in the dashboard.
 */
export interface TalkCreate {
  /**
   * Title, 1 to 300 characters.
   * @minLength 1
   * @maxLength 300
   */
  title: string;
  /**
   * Conference or meetup.
   * @maxLength 200
   */
  event?: string;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  date?: string | null;
  /**
   * Where.
   * @maxLength 200
   */
  location?: string;
  /**
   * Talk or event page.
   * @format uri
   */
  url?: string;
  /**
   * Slides.
   * @format uri
   */
  slides_url?: string;
  /**
   * Recording.
   * @format uri
   */
  video_url?: string;
  /** Description (HTML). */
  description?: string;
}

/**
 * Talk changes
 * Only the fields sent change. Unknown fields are refused (400 naming the field).
 */
export interface TalkUpdate {
  /**
   * Title, 1 to 300 characters.
   * @minLength 1
   * @maxLength 300
   */
  title?: string;
  /**
   * Conference or meetup.
   * @maxLength 200
   */
  event?: string;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  date?: string | null;
  /**
   * Where.
   * @maxLength 200
   */
  location?: string;
  /**
   * Talk or event page.
   * @format uri
   */
  url?: string;
  /**
   * Slides.
   * @format uri
   */
  slides_url?: string;
  /**
   * Recording.
   * @format uri
   */
  video_url?: string;
  /** Description (HTML). */
  description?: string;
}

/**
 * New experience
 * Unknown fields are refused (400 naming the field). Files (covers) are uploaded in the dashboard.
 */
export interface ExperienceCreate {
  /**
   * Employer.
   * @minLength 1
   * @maxLength 200
   */
  company: string;
  /**
   * Job title.
   * @minLength 1
   * @maxLength 200
   */
  role: string;
  /**
   * Where.
   * @maxLength 200
   */
  location?: string;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  start_date?: string | null;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  end_date?: string | null;
  /** Description (HTML). */
  description?: string;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order?: SortOrder;
}

/**
 * Experience changes
 * Only the fields sent change. Unknown fields are refused (400 naming the field).
 */
export interface ExperienceUpdate {
  /**
   * Employer.
   * @minLength 1
   * @maxLength 200
   */
  company?: string;
  /**
   * Job title.
   * @minLength 1
   * @maxLength 200
   */
  role?: string;
  /**
   * Where.
   * @maxLength 200
   */
  location?: string;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  start_date?: string | null;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  end_date?: string | null;
  /** Description (HTML). */
  description?: string;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order?: SortOrder;
}

/**
 * New education
 * Unknown fields are refused (400 naming the field). Files (covers) are uploaded in the dashboard.
 */
export interface EducationCreate {
  /**
   * School.
   * @minLength 1
   * @maxLength 200
   */
  school: string;
  /**
   * Degree.
   * @maxLength 200
   */
  degree?: string;
  /**
   * Field of study.
   * @maxLength 200
   */
  field?: string;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  start_date?: string | null;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  end_date?: string | null;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order?: SortOrder;
}

/**
 * Education changes
 * Only the fields sent change. Unknown fields are refused (400 naming the field).
 */
export interface EducationUpdate {
  /**
   * School.
   * @minLength 1
   * @maxLength 200
   */
  school?: string;
  /**
   * Degree.
   * @maxLength 200
   */
  degree?: string;
  /**
   * Field of study.
   * @maxLength 200
   */
  field?: string;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  start_date?: string | null;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  end_date?: string | null;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order?: SortOrder;
}

/**
 * New skill
 * Unknown fields are refused (400 naming the field). Files (covers) are uploaded in the dashboard.
 */
export interface SkillCreate {
  /**
   * Skill.
   * @minLength 1
   * @maxLength 100
   */
  name: string;
  /**
   * Grouping.
   * @maxLength 100
   */
  category?: string;
  /** Skill level; the empty string when not set. */
  level?: SkillLevel;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order?: SortOrder;
}

/**
 * Skill changes
 * Only the fields sent change. Unknown fields are refused (400 naming the field).
 */
export interface SkillUpdate {
  /**
   * Skill.
   * @minLength 1
   * @maxLength 100
   */
  name?: string;
  /**
   * Grouping.
   * @maxLength 100
   */
  category?: string;
  /** Skill level; the empty string when not set. */
  level?: SkillLevel;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order?: SortOrder;
}

/**
 * New certification
 * Unknown fields are refused (400 naming the field). Files (covers) are uploaded in the dashboard.
 */
export interface CertificationCreate {
  /**
   * Certification.
   * @minLength 1
   * @maxLength 200
   */
  name: string;
  /**
   * Issuer.
   * @maxLength 200
   */
  issuer?: string;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  issued_at?: string | null;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  expires_at?: string | null;
  /**
   * Where it can be verified.
   * @format uri
   */
  credential_url?: string;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order?: SortOrder;
}

/**
 * Certification changes
 * Only the fields sent change. Unknown fields are refused (400 naming the field).
 */
export interface CertificationUpdate {
  /**
   * Certification.
   * @minLength 1
   * @maxLength 200
   */
  name?: string;
  /**
   * Issuer.
   * @maxLength 200
   */
  issuer?: string;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  issued_at?: string | null;
  /** RFC 3339 date-time (or the record layout `YYYY-MM-DD hh:mm:ss.mmmZ`); `null` or `""` clears it. */
  expires_at?: string | null;
  /**
   * Where it can be verified.
   * @format uri
   */
  credential_url?: string;
  /** Position in the simple list: lower numbers come first, ties by `created`. */
  sort_order?: SortOrder;
}

/**
 * PostCursorList
 * v1 cursor list. Paging by cursor neither misses nor repeats rows, even when records share a timestamp.
 */
export interface PostCursorList {
  data: PostListItem[];
  /**
   * How many records the list holds in all.
   * @min 0
   */
  total: number;
  /**
   * Which page this is, counting from 1.
   * @min 1
   */
  page: number;
  /**
   * The `limit` in force.
   * @min 1
   * @max 100
   */
  per_page: number;
  /** Opaque cursor of the next page; absent on the last page. Pass it back unchanged as `cursor`. */
  next_cursor?: string;
}

/**
 * ProjectCursorList
 * v1 cursor list. Paging by cursor neither misses nor repeats rows, even when records share a timestamp.
 */
export interface ProjectCursorList {
  data: ProjectListItem[];
  /**
   * How many records the list holds in all.
   * @min 0
   */
  total: number;
  /**
   * Which page this is, counting from 1.
   * @min 1
   */
  page: number;
  /**
   * The `limit` in force.
   * @min 1
   * @max 100
   */
  per_page: number;
  /** Opaque cursor of the next page; absent on the last page. Pass it back unchanged as `cursor`. */
  next_cursor?: string;
}

/**
 * CourseCursorList
 * v1 cursor list. Paging by cursor neither misses nor repeats rows, even when records share a timestamp.
 */
export interface CourseCursorList {
  data: Course[];
  /**
   * How many records the list holds in all.
   * @min 0
   */
  total: number;
  /**
   * Which page this is, counting from 1.
   * @min 1
   */
  page: number;
  /**
   * The `limit` in force.
   * @min 1
   * @max 100
   */
  per_page: number;
  /** Opaque cursor of the next page; absent on the last page. Pass it back unchanged as `cursor`. */
  next_cursor?: string;
}

/**
 * TalkCursorList
 * v1 cursor list. Paging by cursor neither misses nor repeats rows, even when records share a timestamp.
 */
export interface TalkCursorList {
  data: Talk[];
  /**
   * How many records the list holds in all.
   * @min 0
   */
  total: number;
  /**
   * Which page this is, counting from 1.
   * @min 1
   */
  page: number;
  /**
   * The `limit` in force.
   * @min 1
   * @max 100
   */
  per_page: number;
  /** Opaque cursor of the next page; absent on the last page. Pass it back unchanged as `cursor`. */
  next_cursor?: string;
}

/**
 * PostPage
 * v2 page list. A page past the end is 200 with empty `items`.
 */
export interface PostPage {
  items: Post[];
  /**
   * The page, echoed.
   * @min 1
   */
  page: number;
  /**
   * The page size, echoed.
   * @min 1
   * @max 200
   */
  per_page: number;
  /**
   * How many records match.
   * @min 0
   */
  total_items: number;
  /**
   * How many pages there are at this page size.
   * @min 0
   */
  total_pages: number;
}

/**
 * ProjectPage
 * v2 page list. A page past the end is 200 with empty `items`.
 */
export interface ProjectPage {
  items: Project[];
  /**
   * The page, echoed.
   * @min 1
   */
  page: number;
  /**
   * The page size, echoed.
   * @min 1
   * @max 200
   */
  per_page: number;
  /**
   * How many records match.
   * @min 0
   */
  total_items: number;
  /**
   * How many pages there are at this page size.
   * @min 0
   */
  total_pages: number;
}

/**
 * CoursePage
 * v2 page list. A page past the end is 200 with empty `items`.
 */
export interface CoursePage {
  items: Course[];
  /**
   * The page, echoed.
   * @min 1
   */
  page: number;
  /**
   * The page size, echoed.
   * @min 1
   * @max 200
   */
  per_page: number;
  /**
   * How many records match.
   * @min 0
   */
  total_items: number;
  /**
   * How many pages there are at this page size.
   * @min 0
   */
  total_pages: number;
}

/**
 * TalkPage
 * v2 page list. A page past the end is 200 with empty `items`.
 */
export interface TalkPage {
  items: Talk[];
  /**
   * The page, echoed.
   * @min 1
   */
  page: number;
  /**
   * The page size, echoed.
   * @min 1
   * @max 200
   */
  per_page: number;
  /**
   * How many records match.
   * @min 0
   */
  total_items: number;
  /**
   * How many pages there are at this page size.
   * @min 0
   */
  total_pages: number;
}

/**
 * MemberPage
 * v2 page list. A page past the end is 200 with empty `items`.
 */
export interface MemberPage {
  items: Member[];
  /**
   * The page, echoed.
   * @min 1
   */
  page: number;
  /**
   * The page size, echoed.
   * @min 1
   * @max 200
   */
  per_page: number;
  /**
   * How many records match.
   * @min 0
   */
  total_items: number;
  /**
   * How many pages there are at this page size.
   * @min 0
   */
  total_pages: number;
}

/** ProfileData */
export interface ProfileData {
  /** The owner's public profile (the site's one profile record). */
  data: Profile;
}

/** PostData */
export interface PostData {
  /** A whole post: v1 GET by slug, v1 write responses, v2 lists and v2 GET. */
  data: Post;
}

/** ProjectData */
export interface ProjectData {
  /** A whole project: v1 GET by slug, v1 write responses, v2 lists and v2 GET. */
  data: Project;
}

/** CourseData */
export interface CourseData {
  /** Course metadata. Lessons are never exposed by the API. */
  data: Course;
}

/** TalkData */
export interface TalkData {
  data: Talk;
}

/** ExperienceData */
export interface ExperienceData {
  data: Experience;
}

/** EducationData */
export interface EducationData {
  data: Education;
}

/** SkillData */
export interface SkillData {
  data: Skill;
}

/** CertificationData */
export interface CertificationData {
  data: Certification;
}

/** ApiKeyData */
export interface ApiKeyData {
  /** An API key as the admin endpoints show it: never the hash, never the full value. */
  data: ApiKey;
}

/** ApiKeyWithSecretData */
export interface ApiKeyWithSecretData {
  /** The create and rotate responses: the key plus its full value, shown once. */
  data: ApiKeyWithSecret;
}

/** WebhookSubscriptionData */
export interface WebhookSubscriptionData {
  /** A subscription as the owner sees it. Never the secret. */
  data: WebhookSubscription;
}

/** WebhookTestResultData */
export interface WebhookTestResultData {
  data: WebhookTestResult;
}

/** WebhookDeliveryData */
export interface WebhookDeliveryData {
  /** One delivery of one event to one subscription, with its retry state. */
  data: WebhookDelivery;
}

/**
 * ExperienceList
 * The whole list, no paging, ordered by `sort_order` then `created`.
 */
export interface ExperienceList {
  data: Experience[];
}

/**
 * EducationList
 * The whole list, no paging, ordered by `sort_order` then `created`.
 */
export interface EducationList {
  data: Education[];
}

/**
 * SkillList
 * The whole list, no paging, ordered by `sort_order` then `created`.
 */
export interface SkillList {
  data: Skill[];
}

/**
 * CertificationList
 * The whole list, no paging, ordered by `sort_order` then `created`.
 */
export interface CertificationList {
  data: Certification[];
}

/**
 * ApiKeyList
 * Every key, newest first.
 */
export interface ApiKeyList {
  data: ApiKey[];
}

/** WebhookSubscriptionList */
export interface WebhookSubscriptionList {
  data: WebhookSubscription[];
}

/**
 * Delivery attempt
 * **Extension.** One attempt of a delivery: when, the receiver's answer and the request headers sent. The headers include the signatures (HMACs of the body), never the secret.
 */
export interface WebhookAttempt {
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  at: Timestamp;
  /**
   * HTTP status of the answer; `null` when there was none (time-out, refused connection).
   * @min 100
   * @max 599
   */
  status_code: number | null;
  /**
   * From sending the request to reading the answer.
   * @min 0
   */
  duration_ms: number;
  /**
   * Why the attempt failed; `null` when it succeeded.
   * @maxLength 1000
   */
  error: string | null;
  /**
   * The start of the answer's body, at most 1,000 characters (of its first 1 KiB); the empty string when none.
   * @maxLength 1000
   */
  response_excerpt: string;
  /** The request headers sent, by canonical name. */
  request_headers: Record<string, string>;
}

/**
 * Delivery day
 * **Extension.** A subscription's delivery attempts of one UTC day.
 */
export interface WebhookDayStats {
  /**
   * The UTC day.
   * @format date
   */
  date: string;
  /**
   * Attempts answered with a 2xx.
   * @min 0
   */
  succeeded: number;
  /**
   * Other attempts (error status, time-out, refused connection, ...).
   * @min 0
   */
  failed: number;
  /**
   * Median duration of the day's attempts; `null` on a day without any.
   * @min 0
   */
  median_ms: number | null;
}

/**
 * WebhookStats
 * **Extension.** One entry per day, oldest first, today (UTC) last; days without attempts included.
 */
export interface WebhookStats {
  data: WebhookDayStats[];
}

/**
 * WebhookDeliveryList
 * Deliveries of one subscription, newest first.
 */
export interface WebhookDeliveryList {
  data: WebhookDelivery[];
}

/** WebhookEventTypeList */
export interface WebhookEventTypeList {
  /**
   * @maxItems 10
   * @minItems 10
   */
  data: WebhookEventType[];
}

/** WebhookEventPoll */
export interface WebhookEventPoll {
  /** Events of the polled type. */
  data: WebhookEvent[];
  /** Opaque cursor of the next page; absent when there is no more. Pass it back unchanged as `cursor`. */
  next_cursor?: string;
}

/**
 * Error envelope
 * Every failure under /api/v1, /api/v2 and /api/admin, unknown paths and wrong methods included. One schema for every error response, so a generated client has one error type; each response lists the codes it can carry in `x-error-codes` (and its description says when).
 */
export interface Error {
  error: {
    /** Stable error code. */
    code: ErrorCode;
    /** Human-readable; may change. Names the parameter or field at fault. */
    message: string;
  };
}

/** WebhookRegistrationData */
export interface WebhookRegistrationData {
  /** The registration response (v2 style: the object itself). The only time the secret is shown. */
  data: WebhookRegistration;
}

/** AnalyticsData */
export interface AnalyticsData {
  /** Site analytics computed from the site's own data. The owner's plan (`free`, `pro` or `business`, set in the dashboard's site settings) decides the fields: **free** `plan, period, totals`; **pro** adds `sales, daily`; **business** adds `top_pages, top_referrers`. Fields of a higher plan are absent, not null. */
  data: Analytics;
}

/** Who made the change. */
export interface RevisionActor {
  /** `owner`: the dashboard or the admin API (name: the login e-mail); `key`: an API key (name: the key's name); `command`: a command of the server binary (name: the command); `system`: anything else (name empty). */
  type: "owner" | "key" | "command" | "system";
  name: string;
}

export interface Revision {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
  collection:
    | "posts"
    | "projects"
    | "pages"
    | "courses"
    | "talks"
    | "experience"
    | "education"
    | "skills"
    | "certifications";
  /** PocketBase record id: 15 lower-case letters and digits. */
  record: RecordId;
  /** What replaced these values: an update, the delete of the record (these are its last values), or the restore of another revision. */
  action: "update" | "delete" | "restore";
  /** Who made the change. */
  actor: RevisionActor;
  /** The record's field values before the change, as stored (dates in the record layout, files by name). */
  fields: object;
}

export interface RevisionList {
  data: Revision[];
}

export interface RevisionLineChange {
  /** `equal`: lines in both; `insert`: only in the current record; `delete`: only in the revision. */
  op: "equal" | "insert" | "delete";
  /** Whole lines, each with its line break (but perhaps the last). */
  text: string;
}

export interface RevisionFieldDiff {
  field: string;
  changed: boolean;
  /** The field's value in the revision (null when the revision predates the field). */
  revision: any;
  /** The field's value now. */
  current: any;
  /** For a changed text or HTML field: the line diff from the revision to the current value. */
  lines?: RevisionLineChange[];
}

export interface RevisionDiff {
  data: {
    /** PocketBase record id: 15 lower-case letters and digits. */
    revision: RecordId;
    collection: string;
    /** PocketBase record id: 15 lower-case letters and digits. */
    record: RecordId;
    fields: RevisionFieldDiff[];
  };
}

export interface RevisionRestore {
  /** When given, the restore is refused (409 `revision_mismatch`) unless the revision is of this collection. */
  collection?: string;
  /** When given, the restore is refused (409 `revision_mismatch`) unless the revision is of this record. */
  record?: string;
}

export interface RestoredRecord {
  data: {
    collection: string;
    /** PocketBase record id: 15 lower-case letters and digits. */
    id: RecordId;
    /** The record as stored now, as PocketBase's records API shows it. */
    fields: object;
  };
}

export interface PreviewLink {
  /** PocketBase record id: 15 lower-case letters and digits. */
  id: RecordId;
  /**
   * Only in the answer that makes the link: the token a site passes to `GET /api/v1/previews/{token}`. Only its SHA-256 is stored.
   * @pattern ^pvw_[A-Za-z0-9_-]{43}$
   */
  token?: string;
  collection:
    | "posts"
    | "projects"
    | "courses"
    | "talks"
    | "experience"
    | "education"
    | "skills"
    | "certifications";
  /** PocketBase record id: 15 lower-case letters and digits. */
  record: RecordId;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  expires_at: Timestamp;
  /** Record timestamp in UTC, in the record layout `YYYY-MM-DD hh:mm:ss.mmmZ` (a space, not `T`, between date and time). */
  created: Timestamp;
}

export interface PreviewLinkCreate {
  collection:
    | "posts"
    | "projects"
    | "courses"
    | "talks"
    | "experience"
    | "education"
    | "skills"
    | "certifications";
  /**
   * The record's id.
   * @minLength 1
   */
  id: string;
  /**
   * Seconds the link lasts: 7 days unless said (`--preview-days`), at most 7 days (`--preview-max-days`).
   * @min 1
   */
  expires_in?: number;
}

export interface PreviewLinkData {
  data: PreviewLink;
}

export interface PreviewLinkList {
  data: PreviewLink[];
}

export interface PreviewData {
  data:
    | Post
    | Project
    | Course
    | Talk
    | Experience
    | Education
    | Skill
    | Certification;
}

/**
 * Webhook filter
 * Narrows a subscription to the events it needs. An event is pushed when its `data.collection` is one of `collections` (if given) and, for content events (posts, projects, pages), the content has one of `tags` (if given; any of them, case-insensitive, as `?tag=` matches); the tags leave other events alone. Events filtered out make no delivery. `null` (or `{}` when sent): every event of the subscription's types.
 */
export interface WebhookFilter {
  /**
   * The collections whose events it takes.
   * @maxItems 7
   */
  collections?: WebhookFilterCollection[];
  /**
   * Content events: only for content with at least one of these tags.
   * @maxItems 50
   */
  tags?: string[];
}

/** Recovery window */
export interface WebhookRecover {
  /**
   * RFC 3339: the first event time to look at (events are kept 7 days).
   * @format date-time
   */
  since: string;
  /**
   * RFC 3339: the last event time to look at; absent: now. Not before `since`.
   * @format date-time
   */
  until?: string;
}

/** Recovery queued */
export interface WebhookRecovery {
  data: {
    /**
     * How many events were queued again.
     * @min 0
     */
    queued: number;
  };
}

export interface NewsletterSubscribe {
  /**
   * One bare address (RFC 5322, checked with Go's net/mail, a dot in the domain); stored in lower case.
   * @maxLength 254
   */
  email: string;
  /**
   * The reader's name, on one line; optional.
   * @maxLength 200
   */
  name?: string;
}

export interface NewsletterSubscribeAccepted {
  data: {
    status: "accepted";
    message: string;
  };
}

export interface NewsletterSubscriber {
  id: string;
  email: string;
  name: string;
  status: "pending" | "confirmed" | "unsubscribed" | "bounced";
  /** form, dashboard, csv, ghost, substack, member; empty when unknown. */
  source: string;
  created: string;
  /** Empty until confirmed. */
  confirmed_at: string;
  /** Empty unless the subscriber left. */
  unsubscribed_at: string;
}

export interface NewsletterSubscriberCounts {
  /** @min 0 */
  pending: number;
  /** @min 0 */
  confirmed: number;
  /** @min 0 */
  unsubscribed: number;
  /** @min 0 */
  bounced: number;
  /** @min 0 */
  total: number;
}

export interface NewsletterSubscriberList {
  data: NewsletterSubscriber[];
  counts: NewsletterSubscriberCounts;
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: string | null;
}

export interface NewsletterImportResult {
  data: {
    created: number;
    /** Addresses already on the list: left as they are (an unsubscribed address stays unsubscribed). */
    existing: number;
    invalid: {
      line: number;
      reason: string;
    }[];
  };
}

export interface NewsletterImport {
  /** The file's text (at most the 1 MiB body limit). */
  csv: string;
  /** The addresses consented elsewhere: import them confirmed. */
  consented?: boolean;
}

/** MemberSignIn */
export interface MemberSignIn {
  /**
   * @format email
   * @maxLength 255
   */
  email: string;
}

/** MemberVerify */
export interface MemberVerify {
  /**
   * @format email
   * @maxLength 255
   */
  email: string;
  /**
   * The 6-digit code of the e-mail.
   * @maxLength 16
   */
  code: string;
}

/** MemberUpdate */
export interface MemberUpdate {
  /** @maxLength 200 */
  name?: string;
  /** Opt in (the address becomes a confirmed newsletter subscriber, source `member`) or out (unsubscribed). */
  newsletter?: boolean;
}

/** MemberSelf */
export interface MemberSelf {
  id: string;
  name: string;
  /** @format email */
  email: string;
  /** When the member joined (RFC 3339). */
  since: string;
  /** Paid content is theirs: the owner marked them paid, or a purchase by their address is completed. */
  paid: boolean;
  /** The newsletter subscriber of their address is confirmed. The newsletter's unsubscribe clears it too. */
  newsletter: boolean;
}

/** MemberSelfData */
export interface MemberSelfData {
  data: MemberSelf;
}

/** MemberSession */
export interface MemberSession {
  /** Send it as `X-Member-Token`. */
  token: string;
  /** When the token stops (RFC 3339); 30 days after the sign-in. */
  expires: string;
  member: MemberSelf;
}

/** SignInAccepted */
export interface SignInAccepted {
  message: string;
}

export interface NewsletterSendCreate {
  /** The id of a public post. */
  post: string;
  /**
   * Mail a draft that stays off the site and out of the feeds.
   * @default false
   */
  email_only?: boolean;
  /**
   * Mail a post that was mailed before.
   * @default false
   */
  resend?: boolean;
}

export interface NewsletterSend {
  id: string;
  post: string;
  state: "queued" | "sending" | "paused" | "cancelled" | "finished";
  email_only: boolean;
  resend: boolean;
  /** Subscribers confirmed when the send was queued. */
  total: number;
  pending: number;
  /** Taken by the SMTP server. */
  sent: number;
  /** Deferred (4xx) until the retries ran out, or no longer confirmed when their turn came. */
  failed: number;
  /** Refused (5xx): the subscriber is bounced. */
  bounced: number;
  /** @format date-time */
  started: string | null;
  /** @format date-time */
  finished: string | null;
  /** Messages taken per second. */
  rate: number;
}

export interface NewsletterSendData {
  data: NewsletterSend;
}

export interface NewsletterSentEventData {
  /** The send's id (GET /api/admin/newsletters/{id}). */
  id: string;
  post: string;
  email_only: boolean;
  resend: boolean;
  total: number;
  sent: number;
  failed: number;
  bounced: number;
  /** @format date-time */
  started: string | null;
  /** @format date-time */
  finished: string | null;
}

/**
 * newsletter.sent
 * A newsletter send finished: the post and the counts (no addresses).
 */
export interface NewsletterSentEvent {
  /**
   * Stable event id, `evt_` + the event record's id: the same in polls and in every push of it; de-duplicate by it.
   * @pattern ^evt_[a-z0-9]{15}$
   */
  id: string;
  event: "newsletter.sent";
  /** When the event happened (not when it was sent). */
  timestamp: EventTimestamp;
  data: NewsletterSentEventData;
}

export interface NewsletterSendList {
  data: NewsletterSend[];
}

export interface NewsletterDKIM {
  /** The DKIM selector (`--newsletter-dkim-selector`). */
  selector: string;
  /** The signing domain: the sender address's. */
  domain: string;
  /** The TXT record's name: selector._domainkey.domain. */
  name: string;
  /** The TXT record's text: v=DKIM1; k=...; p=... */
  value: string;
  /** The record as a zone file line, its text split in quoted strings of at most 255 characters (as `newsletter dkim` prints it). */
  zone: string;
}

export interface NewsletterDKIMData {
  data: NewsletterDKIM;
}

export type QueryParamsType = Record<string | number, any>;
export type ResponseFormat = keyof Omit<Body, "body" | "bodyUsed">;

export interface FullRequestParams extends Omit<RequestInit, "body"> {
  /** set parameter to `true` for call `securityWorker` for this request */
  secure?: boolean;
  /** request path */
  path: string;
  /** content type of request body */
  type?: ContentType;
  /** query params */
  query?: QueryParamsType;
  /** format of response (i.e. response.json() -> format: "json") */
  format?: ResponseFormat;
  /** request body */
  body?: unknown;
  /** base url */
  baseUrl?: string;
  /** request cancellation token */
  cancelToken?: CancelToken;
}

export type RequestParams = Omit<
  FullRequestParams,
  "body" | "method" | "query" | "path"
>;

export interface ApiConfig<SecurityDataType = unknown> {
  baseUrl?: string;
  baseApiParams?: Omit<RequestParams, "baseUrl" | "cancelToken" | "signal">;
  securityWorker?: (
    securityData: SecurityDataType | null,
  ) => Promise<RequestParams | void> | RequestParams | void;
  customFetch?: typeof fetch;
}

export interface HttpResponse<D extends unknown, E extends unknown = unknown>
  extends Response {
  data: D;
  error: E;
}

type CancelToken = Symbol | string | number;

export type ContentType =
  | "application/json"
  | "application/vnd.api+json"
  | "multipart/form-data"
  | "application/x-www-form-urlencoded"
  | "text/plain";

export class HttpClient<SecurityDataType = unknown> {
  public baseUrl: string = "https://{host}";
  private securityData: SecurityDataType | null = null;
  private securityWorker?: ApiConfig<SecurityDataType>["securityWorker"];
  private abortControllers = new Map<CancelToken, AbortController>();
  private customFetch = (...fetchParams: Parameters<typeof fetch>) =>
    fetch(...fetchParams);

  private baseApiParams: RequestParams = {
    credentials: "same-origin",
    headers: {},
    redirect: "follow",
    referrerPolicy: "no-referrer",
  };

  constructor(apiConfig: ApiConfig<SecurityDataType> = {}) {
    Object.assign(this, apiConfig);
  }

  public setSecurityData = (data: SecurityDataType | null) => {
    this.securityData = data;
  };

  protected encodeQueryParam(key: string, value: any) {
    const encodedKey = encodeURIComponent(key);
    return `${encodedKey}=${encodeURIComponent(typeof value === "number" ? value : `${value}`)}`;
  }

  protected addQueryParam(query: QueryParamsType, key: string) {
    return this.encodeQueryParam(key, query[key]);
  }

  protected addArrayQueryParam(query: QueryParamsType, key: string) {
    const value = query[key];
    return value.map((v: any) => this.encodeQueryParam(key, v)).join("&");
  }

  protected toQueryString(rawQuery?: QueryParamsType): string {
    const query = rawQuery || {};
    const keys = Object.keys(query).filter(
      (key) => "undefined" !== typeof query[key],
    );
    return keys
      .map((key) =>
        Array.isArray(query[key])
          ? this.addArrayQueryParam(query, key)
          : this.addQueryParam(query, key),
      )
      .join("&");
  }

  protected addQueryParams(rawQuery?: QueryParamsType): string {
    const queryString = this.toQueryString(rawQuery);
    return queryString ? `?${queryString}` : "";
  }

  private contentFormatters: Record<ContentType, (input: any) => any> = {
    ["application/json"]: (input: any) =>
      input !== null && (typeof input === "object" || typeof input === "string")
        ? JSON.stringify(input)
        : input,
    ["application/vnd.api+json"]: (input: any) =>
      input !== null && (typeof input === "object" || typeof input === "string")
        ? JSON.stringify(input)
        : input,
    ["text/plain"]: (input: any) =>
      input !== null && typeof input !== "string"
        ? JSON.stringify(input)
        : input,
    ["multipart/form-data"]: (input: any) => {
      if (input instanceof FormData) {
        return input;
      }

      return Object.keys(input || {}).reduce((formData, key) => {
        const property = input[key];
        formData.append(
          key,
          property instanceof Blob
            ? property
            : typeof property === "object" && property !== null
              ? JSON.stringify(property)
              : `${property}`,
        );
        return formData;
      }, new FormData());
    },
    ["application/x-www-form-urlencoded"]: (input: any) =>
      this.toQueryString(input),
  };

  protected mergeRequestParams(
    params1: RequestParams,
    params2?: RequestParams,
  ): RequestParams {
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

  protected createAbortSignal = (
    cancelToken: CancelToken,
  ): AbortSignal | undefined => {
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

  public abortRequest = (cancelToken: CancelToken) => {
    const abortController = this.abortControllers.get(cancelToken);

    if (abortController) {
      abortController.abort();
      this.abortControllers.delete(cancelToken);
    }
  };

  public request = async <T = any, E = any>({
    body,
    secure,
    path,
    type,
    query,
    format,
    baseUrl,
    cancelToken,
    ...params
  }: FullRequestParams): Promise<HttpResponse<T, E>> => {
    const secureParams =
      ((typeof secure === "boolean" ? secure : this.baseApiParams.secure) &&
        this.securityWorker &&
        (await this.securityWorker(this.securityData))) ||
      {};
    const requestParams = this.mergeRequestParams(params, secureParams);
    const queryString = query && this.toQueryString(query);
    const payloadFormatter = this.contentFormatters[type || "application/json"];
    const responseFormat = format || requestParams.format;

    return this.customFetch(
      `${baseUrl || this.baseUrl || ""}${path}${queryString ? `?${queryString}` : ""}`,
      {
        ...requestParams,
        headers: {
          ...(requestParams.headers || {}),
          ...(type && type !== "multipart/form-data"
            ? { "Content-Type": type }
            : {}),
        },
        signal:
          (cancelToken
            ? this.createAbortSignal(cancelToken)
            : requestParams.signal) || null,
        body:
          typeof body === "undefined" || body === null
            ? null
            : payloadFormatter(body),
      },
    ).then(async (response) => {
      const r = response as HttpResponse<T, E>;
      r.data = null as unknown as T;
      r.error = null as unknown as E;

      const responseToParse = responseFormat ? response.clone() : response;
      const data = !responseFormat
        ? r
        : await responseToParse[responseFormat]()
            .then((data) => {
              if (r.ok) {
                r.data = data;
              } else {
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

      if (!response.ok) throw data;
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
export class Api<
  SecurityDataType extends unknown,
> extends HttpClient<SecurityDataType> {
  feedXml = {
    /**
     * @description **Extension.** The 20 newest published public posts (not drafts, `visibility` public, `published_at` empty or not in the future), newest first by `published_at`. RSS 2.0: the channel's `title`, `link` (`site_url`) and `description` (the profile's name and headline), `lastBuildDate`; per item `title`, `link`, `description` (the excerpt), `content:encoded` (the content's HTML), a `category` per tag, `guid` (`isPermaLink="false"`) and `pubDate` (RFC 822 dates). Served at the site root, outside the API: no key. Item ids are `tag:` URIs (RFC 4151) from the site's host, the post's creation day and its record id, the same in every format, so they survive a new title or slug; item links follow `site_settings.post_url_pattern` (default `{site_url}/posts/{slug}`). The self link is PocketBase's *Application URL* setting followed by the path, left out when that setting is empty. 404 (the error envelope) while `site_settings.site_url` is empty or `site_settings.feeds_enabled` is off. **Rate limit:** Normal (60/min, burst 10, per client IP). **Caching:** `Cache-Control: public, max-age=300`; strong `ETag`, `304` on `If-None-Match`. `HEAD` is answered too.
     *
     * @tags Feeds
     * @name GetFeedRss
     * @summary Get the RSS 2.0 feed
     * @request GET:/feed.xml
     */
    getFeedRss: (params: RequestParams = {}) =>
      this.request<RecordId, void | Error>({
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
    getFeedAtom: (params: RequestParams = {}) =>
      this.request<RecordId, void | Error>({
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
    getFeedJson: (params: RequestParams = {}) =>
      this.request<RecordId, void | Error>({
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
    getLlmsTxt: (params: RequestParams = {}) =>
      this.request<RecordId, void | Error>({
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
    getLlmsFullTxt: (params: RequestParams = {}) =>
      this.request<RecordId, void | Error>({
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
    getLlmsDocument: (
      collection: "posts" | "projects",
      slug: string,
      params: RequestParams = {},
    ) =>
      this.request<RecordId, void | Error>({
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
    mcp: (
      data: {
        jsonrpc: "2.0";
        id?: string | number;
        method: string;
        params?: object;
      },
      params: RequestParams = {},
    ) =>
      this.request<
        {
          jsonrpc: "2.0";
          id?: string | number;
          result?: object;
          error?: object;
        },
        Error
      >({
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
    getProfile: (params: RequestParams = {}) =>
      this.request<ProfileData, void | Error>({
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
    listPosts: (
      query?: {
        /**
         * Page size.
         * @min 1
         * @max 100
         * @default 20
         */
        limit?: number;
        /**
         * **Extension.** Order of posts and projects; `-` means descending. Ties are broken by record id. Besides the common sorts, `published_at` (extension), keyset-paged like the others; courses and talks refuse it (400 naming `sort`).
         * @default "-created"
         * @example "-published_at"
         */
        sort?:
          | "created"
          | "-created"
          | "updated"
          | "-updated"
          | "title"
          | "-title"
          | "published_at"
          | "-published_at";
        /**
         * **Extension.** Only the records having this tag, compared case-insensitively (ASCII letters) and exactly (`go` does not match `golang`). A `next_cursor` made with one `tag` is refused (400 naming `cursor`) with another. Absent or empty: no filter. At most 100 characters, otherwise 400 naming `tag`.
         * @maxLength 100
         * @example "go"
         */
        tag?: string;
        /**
         * **Extension.** Full-text search. Keeps the records whose title, excerpt or description, content (as text, without its HTML) or tags contain every word of `q`, the last word as a prefix (`go rou` finds "Go routers"), ignoring case and accents (`cafe` finds "Café"). Words are runs of letters and digits; everything else, quotes, `*`, `-`, `title:` and words such as AND, OR, NOT and NEAR included, is plain text, never query syntax. A `q` without any letter or digit (`!!!`) matches nothing: 200 with an empty list. The list keeps its order and paging; totals count the matches, and a `next_cursor` made with one `q` is refused (400 naming `cursor`) with another. Absent or empty: no search. At most 200 characters, otherwise 400 naming `q`.
         * @maxLength 200
         */
        q?: string;
        /**
         * Opaque, signed cursor: the `next_cursor` of the previous page, passed back unchanged with the same `sort`. A cursor that was altered, or made for another list or sort, is 400.
         * @maxLength 2048
         */
        cursor?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<PostCursorList, void | Error>({
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
    createPost: (data: PostCreate, params: RequestParams = {}) =>
      this.request<PostData, Error>({
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
    getPost: (idOrSlug: string, params: RequestParams = {}) =>
      this.request<PostData, void | Error>({
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
    updatePost: (
      idOrSlug: RecordId,
      data: PostUpdate,
      params: RequestParams = {},
    ) =>
      this.request<PostData, Error>({
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
    deletePost: (idOrSlug: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    listProjects: (
      query?: {
        /**
         * Page size.
         * @min 1
         * @max 100
         * @default 20
         */
        limit?: number;
        /**
         * **Extension.** Order of posts and projects; `-` means descending. Ties are broken by record id. Besides the common sorts, `published_at` (extension), keyset-paged like the others; courses and talks refuse it (400 naming `sort`).
         * @default "-created"
         * @example "-published_at"
         */
        sort?:
          | "created"
          | "-created"
          | "updated"
          | "-updated"
          | "title"
          | "-title"
          | "published_at"
          | "-published_at";
        /**
         * **Extension.** Only the records having this tag, compared case-insensitively (ASCII letters) and exactly (`go` does not match `golang`). A `next_cursor` made with one `tag` is refused (400 naming `cursor`) with another. Absent or empty: no filter. At most 100 characters, otherwise 400 naming `tag`.
         * @maxLength 100
         * @example "go"
         */
        tag?: string;
        /**
         * **Extension.** Full-text search. Keeps the records whose title, excerpt or description, content (as text, without its HTML) or tags contain every word of `q`, the last word as a prefix (`go rou` finds "Go routers"), ignoring case and accents (`cafe` finds "Café"). Words are runs of letters and digits; everything else, quotes, `*`, `-`, `title:` and words such as AND, OR, NOT and NEAR included, is plain text, never query syntax. A `q` without any letter or digit (`!!!`) matches nothing: 200 with an empty list. The list keeps its order and paging; totals count the matches, and a `next_cursor` made with one `q` is refused (400 naming `cursor`) with another. Absent or empty: no search. At most 200 characters, otherwise 400 naming `q`.
         * @maxLength 200
         */
        q?: string;
        /**
         * Opaque, signed cursor: the `next_cursor` of the previous page, passed back unchanged with the same `sort`. A cursor that was altered, or made for another list or sort, is 400.
         * @maxLength 2048
         */
        cursor?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<ProjectCursorList, void | Error>({
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
    createProject: (data: ProjectCreate, params: RequestParams = {}) =>
      this.request<ProjectData, Error>({
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
    getProject: (idOrSlug: string, params: RequestParams = {}) =>
      this.request<ProjectData, void | Error>({
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
    updateProject: (
      idOrSlug: RecordId,
      data: ProjectUpdate,
      params: RequestParams = {},
    ) =>
      this.request<ProjectData, Error>({
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
    deleteProject: (idOrSlug: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    listCourses: (
      query?: {
        /**
         * Page size.
         * @min 1
         * @max 100
         * @default 20
         */
        limit?: number;
        /**
         * Order; `-` means descending. Ties are broken by record id.
         * @default "-created"
         */
        sort?:
          | "created"
          | "-created"
          | "updated"
          | "-updated"
          | "title"
          | "-title";
        /**
         * **Extension.** Full-text search. Keeps the records whose title, excerpt or description, content (as text, without its HTML) or tags contain every word of `q`, the last word as a prefix (`go rou` finds "Go routers"), ignoring case and accents (`cafe` finds "Café"). Words are runs of letters and digits; everything else, quotes, `*`, `-`, `title:` and words such as AND, OR, NOT and NEAR included, is plain text, never query syntax. A `q` without any letter or digit (`!!!`) matches nothing: 200 with an empty list. The list keeps its order and paging; totals count the matches, and a `next_cursor` made with one `q` is refused (400 naming `cursor`) with another. Absent or empty: no search. At most 200 characters, otherwise 400 naming `q`.
         * @maxLength 200
         */
        q?: string;
        /**
         * Opaque, signed cursor: the `next_cursor` of the previous page, passed back unchanged with the same `sort`. A cursor that was altered, or made for another list or sort, is 400.
         * @maxLength 2048
         */
        cursor?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<CourseCursorList, void | Error>({
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
    createCourse: (data: CourseCreate, params: RequestParams = {}) =>
      this.request<CourseData, Error>({
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
    updateCourse: (
      id: RecordId,
      data: CourseUpdate,
      params: RequestParams = {},
    ) =>
      this.request<CourseData, Error>({
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
    deleteCourse: (id: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    listTalks: (
      query?: {
        /**
         * Page size.
         * @min 1
         * @max 100
         * @default 20
         */
        limit?: number;
        /**
         * Order; `-` means descending. Ties are broken by record id.
         * @default "-created"
         */
        sort?:
          | "created"
          | "-created"
          | "updated"
          | "-updated"
          | "title"
          | "-title";
        /**
         * **Extension.** Full-text search. Keeps the records whose title, excerpt or description, content (as text, without its HTML) or tags contain every word of `q`, the last word as a prefix (`go rou` finds "Go routers"), ignoring case and accents (`cafe` finds "Café"). Words are runs of letters and digits; everything else, quotes, `*`, `-`, `title:` and words such as AND, OR, NOT and NEAR included, is plain text, never query syntax. A `q` without any letter or digit (`!!!`) matches nothing: 200 with an empty list. The list keeps its order and paging; totals count the matches, and a `next_cursor` made with one `q` is refused (400 naming `cursor`) with another. Absent or empty: no search. At most 200 characters, otherwise 400 naming `q`.
         * @maxLength 200
         */
        q?: string;
        /**
         * Opaque, signed cursor: the `next_cursor` of the previous page, passed back unchanged with the same `sort`. A cursor that was altered, or made for another list or sort, is 400.
         * @maxLength 2048
         */
        cursor?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<TalkCursorList, void | Error>({
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
    createTalk: (data: TalkCreate, params: RequestParams = {}) =>
      this.request<TalkData, Error>({
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
    updateTalk: (id: RecordId, data: TalkUpdate, params: RequestParams = {}) =>
      this.request<TalkData, Error>({
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
    deleteTalk: (id: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    listExperience: (params: RequestParams = {}) =>
      this.request<ExperienceList, void | Error>({
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
    createExperience: (data: ExperienceCreate, params: RequestParams = {}) =>
      this.request<ExperienceData, Error>({
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
    updateExperience: (
      id: RecordId,
      data: ExperienceUpdate,
      params: RequestParams = {},
    ) =>
      this.request<ExperienceData, Error>({
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
    deleteExperience: (id: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    listEducation: (params: RequestParams = {}) =>
      this.request<EducationList, void | Error>({
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
    createEducation: (data: EducationCreate, params: RequestParams = {}) =>
      this.request<EducationData, Error>({
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
    updateEducation: (
      id: RecordId,
      data: EducationUpdate,
      params: RequestParams = {},
    ) =>
      this.request<EducationData, Error>({
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
    deleteEducation: (id: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    listSkills: (params: RequestParams = {}) =>
      this.request<SkillList, void | Error>({
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
    createSkill: (data: SkillCreate, params: RequestParams = {}) =>
      this.request<SkillData, Error>({
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
    updateSkill: (
      id: RecordId,
      data: SkillUpdate,
      params: RequestParams = {},
    ) =>
      this.request<SkillData, Error>({
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
    deleteSkill: (id: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    listCertifications: (params: RequestParams = {}) =>
      this.request<CertificationList, void | Error>({
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
    createCertification: (
      data: CertificationCreate,
      params: RequestParams = {},
    ) =>
      this.request<CertificationData, Error>({
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
    updateCertification: (
      id: RecordId,
      data: CertificationUpdate,
      params: RequestParams = {},
    ) =>
      this.request<CertificationData, Error>({
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
    deleteCertification: (id: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    listWebhookEventTypes: (params: RequestParams = {}) =>
      this.request<WebhookEventTypeList, void | Error>({
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
    pollWebhookEvents: (
      event: EventName,
      query?: {
        /**
         * Events per page.
         * @min 1
         * @max 100
         * @default 20
         */
        limit?: number;
        /**
         * Opaque cursor: the `next_cursor` of the previous poll, passed back unchanged.
         * @maxLength 2048
         */
        cursor?: string;
        /**
         * RFC 3339 timestamp: replay the events at or after it, oldest first (without it: newest first). Events are kept 7 days.
         * @format date-time
         * @example "2026-11-21T00:00:00Z"
         */
        since?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<WebhookEventPoll, void | Error>({
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
    listTags: (params: RequestParams = {}) =>
      this.request<TagList, void | Error>({
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
    listPostsV2: (
      query?: {
        /**
         * Page number, from 1.
         * @min 1
         * @default 1
         */
        page?: number;
        /**
         * Page size.
         * @min 1
         * @max 200
         * @default 50
         */
        per_page?: number;
        /**
         * **Extension.** Order of posts and projects; `-` means descending. Ties are broken by record id. Besides the common sorts, `published_at` (extension), keyset-paged like the others; courses and talks refuse it (400 naming `sort`).
         * @default "-created"
         * @example "-published_at"
         */
        sort?:
          | "created"
          | "-created"
          | "updated"
          | "-updated"
          | "title"
          | "-title"
          | "published_at"
          | "-published_at";
        /**
         * **Extension.** Only the records having this tag, compared case-insensitively (ASCII letters) and exactly (`go` does not match `golang`). A `next_cursor` made with one `tag` is refused (400 naming `cursor`) with another. Absent or empty: no filter. At most 100 characters, otherwise 400 naming `tag`.
         * @maxLength 100
         * @example "go"
         */
        tag?: string;
        /**
         * **Extension.** Only `published` records (not drafts, `published_at` empty or not in the future), `scheduled` ones (not drafts, `published_at` in the future) or `draft`s; absent: all. Anything else is 400 naming `status`.
         * @example "scheduled"
         */
        status?: "published" | "scheduled" | "draft";
        /**
         * **Extension.** Full-text search. Keeps the records whose title, excerpt or description, content (as text, without its HTML) or tags contain every word of `q`, the last word as a prefix (`go rou` finds "Go routers"), ignoring case and accents (`cafe` finds "Café"). Words are runs of letters and digits; everything else, quotes, `*`, `-`, `title:` and words such as AND, OR, NOT and NEAR included, is plain text, never query syntax. A `q` without any letter or digit (`!!!`) matches nothing: 200 with an empty list. The list keeps its order and paging; totals count the matches, and a `next_cursor` made with one `q` is refused (400 naming `cursor`) with another. Absent or empty: no search. At most 200 characters, otherwise 400 naming `q`.
         * @maxLength 200
         */
        q?: string;
        /** Only drafts (`true`) or only published records (`false`); absent: both. */
        draft?: boolean;
        /** Only records of this visibility; absent: all. */
        visibility?: Visibility;
      },
      params: RequestParams = {},
    ) =>
      this.request<PostPage, void | Error>({
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
    getPostV2: (id: RecordId, params: RequestParams = {}) =>
      this.request<Post, void | Error>({
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
    listProjectsV2: (
      query?: {
        /**
         * Page number, from 1.
         * @min 1
         * @default 1
         */
        page?: number;
        /**
         * Page size.
         * @min 1
         * @max 200
         * @default 50
         */
        per_page?: number;
        /**
         * **Extension.** Order of posts and projects; `-` means descending. Ties are broken by record id. Besides the common sorts, `published_at` (extension), keyset-paged like the others; courses and talks refuse it (400 naming `sort`).
         * @default "-created"
         * @example "-published_at"
         */
        sort?:
          | "created"
          | "-created"
          | "updated"
          | "-updated"
          | "title"
          | "-title"
          | "published_at"
          | "-published_at";
        /**
         * **Extension.** Only the records having this tag, compared case-insensitively (ASCII letters) and exactly (`go` does not match `golang`). A `next_cursor` made with one `tag` is refused (400 naming `cursor`) with another. Absent or empty: no filter. At most 100 characters, otherwise 400 naming `tag`.
         * @maxLength 100
         * @example "go"
         */
        tag?: string;
        /**
         * **Extension.** Only `published` records (not drafts, `published_at` empty or not in the future), `scheduled` ones (not drafts, `published_at` in the future) or `draft`s; absent: all. Anything else is 400 naming `status`.
         * @example "scheduled"
         */
        status?: "published" | "scheduled" | "draft";
        /**
         * **Extension.** Full-text search. Keeps the records whose title, excerpt or description, content (as text, without its HTML) or tags contain every word of `q`, the last word as a prefix (`go rou` finds "Go routers"), ignoring case and accents (`cafe` finds "Café"). Words are runs of letters and digits; everything else, quotes, `*`, `-`, `title:` and words such as AND, OR, NOT and NEAR included, is plain text, never query syntax. A `q` without any letter or digit (`!!!`) matches nothing: 200 with an empty list. The list keeps its order and paging; totals count the matches, and a `next_cursor` made with one `q` is refused (400 naming `cursor`) with another. Absent or empty: no search. At most 200 characters, otherwise 400 naming `q`.
         * @maxLength 200
         */
        q?: string;
        /** Only drafts (`true`) or only published records (`false`); absent: both. */
        draft?: boolean;
        /** Only records of this visibility; absent: all. */
        visibility?: Visibility;
      },
      params: RequestParams = {},
    ) =>
      this.request<ProjectPage, void | Error>({
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
    getProjectV2: (id: RecordId, params: RequestParams = {}) =>
      this.request<Project, void | Error>({
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
    listCoursesV2: (
      query?: {
        /**
         * Page number, from 1.
         * @min 1
         * @default 1
         */
        page?: number;
        /**
         * Page size.
         * @min 1
         * @max 200
         * @default 50
         */
        per_page?: number;
        /**
         * Order; `-` means descending. Ties are broken by record id.
         * @default "-created"
         */
        sort?:
          | "created"
          | "-created"
          | "updated"
          | "-updated"
          | "title"
          | "-title";
        /**
         * **Extension.** Full-text search. Keeps the records whose title, excerpt or description, content (as text, without its HTML) or tags contain every word of `q`, the last word as a prefix (`go rou` finds "Go routers"), ignoring case and accents (`cafe` finds "Café"). Words are runs of letters and digits; everything else, quotes, `*`, `-`, `title:` and words such as AND, OR, NOT and NEAR included, is plain text, never query syntax. A `q` without any letter or digit (`!!!`) matches nothing: 200 with an empty list. The list keeps its order and paging; totals count the matches, and a `next_cursor` made with one `q` is refused (400 naming `cursor`) with another. Absent or empty: no search. At most 200 characters, otherwise 400 naming `q`.
         * @maxLength 200
         */
        q?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<CoursePage, void | Error>({
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
    listTalksV2: (
      query?: {
        /**
         * Page number, from 1.
         * @min 1
         * @default 1
         */
        page?: number;
        /**
         * Page size.
         * @min 1
         * @max 200
         * @default 50
         */
        per_page?: number;
        /**
         * Order; `-` means descending. Ties are broken by record id.
         * @default "-created"
         */
        sort?:
          | "created"
          | "-created"
          | "updated"
          | "-updated"
          | "title"
          | "-title";
        /**
         * **Extension.** Full-text search. Keeps the records whose title, excerpt or description, content (as text, without its HTML) or tags contain every word of `q`, the last word as a prefix (`go rou` finds "Go routers"), ignoring case and accents (`cafe` finds "Café"). Words are runs of letters and digits; everything else, quotes, `*`, `-`, `title:` and words such as AND, OR, NOT and NEAR included, is plain text, never query syntax. A `q` without any letter or digit (`!!!`) matches nothing: 200 with an empty list. The list keeps its order and paging; totals count the matches, and a `next_cursor` made with one `q` is refused (400 naming `cursor`) with another. Absent or empty: no search. At most 200 characters, otherwise 400 naming `q`.
         * @maxLength 200
         */
        q?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<TalkPage, void | Error>({
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
    listMembers: (
      query?: {
        /**
         * Page number, from 1.
         * @min 1
         * @default 1
         */
        page?: number;
        /**
         * Page size.
         * @min 1
         * @max 200
         * @default 50
         */
        per_page?: number;
        /**
         * Order; `-` means descending. Members have no title: `title` orders them by name. Ties are broken by record id.
         * @default "-created"
         */
        sort?:
          | "created"
          | "-created"
          | "updated"
          | "-updated"
          | "title"
          | "-title";
      },
      params: RequestParams = {},
    ) =>
      this.request<MemberPage, void | Error>({
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
    getAnalytics: (params: RequestParams = {}) =>
      this.request<Analytics, void | Error>({
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
    registerWebhook: (data: WebhookCreate, params: RequestParams = {}) =>
      this.request<WebhookRegistration, Error>({
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
    createApiKey: (data: ApiKeyCreate, params: RequestParams = {}) =>
      this.request<ApiKeyWithSecretData, Error>({
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
    listApiKeys: (params: RequestParams = {}) =>
      this.request<ApiKeyList, Error>({
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
    updateApiKey: (
      id: RecordId,
      data: ApiKeyUpdate,
      params: RequestParams = {},
    ) =>
      this.request<ApiKeyData, Error>({
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
    revokeApiKey: (id: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    rotateApiKey: (id: RecordId, params: RequestParams = {}) =>
      this.request<ApiKeyWithSecretData, Error>({
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
    listWebhookSubscriptions: (params: RequestParams = {}) =>
      this.request<WebhookSubscriptionList, Error>({
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
    adminRegisterWebhook: (data: WebhookCreate, params: RequestParams = {}) =>
      this.request<WebhookRegistrationData, Error>({
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
    updateWebhookSubscription: (
      id: RecordId,
      data: WebhookSubscriptionUpdate,
      params: RequestParams = {},
    ) =>
      this.request<WebhookSubscriptionData, Error>({
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
    deleteWebhookSubscription: (id: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    testWebhookSubscription: (id: RecordId, params: RequestParams = {}) =>
      this.request<WebhookTestResultData, Error>({
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
    listWebhookDeliveries: (
      id: RecordId,
      query?: {
        /**
         * How many of the newest deliveries.
         * @min 1
         * @max 200
         * @default 50
         */
        limit?: number;
      },
      params: RequestParams = {},
    ) =>
      this.request<WebhookDeliveryList, Error>({
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
    getWebhookStats: (
      id: RecordId,
      query?: {
        /**
         * How many days, today (UTC) included.
         * @min 1
         * @max 90
         * @default 7
         */
        days?: number;
      },
      params: RequestParams = {},
    ) =>
      this.request<WebhookStats, Error>({
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
    redeliverWebhookDelivery: (id: string, params: RequestParams = {}) =>
      this.request<WebhookDeliveryData, Error>({
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
    adminGetAnalytics: (params: RequestParams = {}) =>
      this.request<AnalyticsData, void | Error>({
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
    listRevisions: (
      query: {
        /** The record's collection. */
        collection:
          | "posts"
          | "projects"
          | "pages"
          | "courses"
          | "talks"
          | "experience"
          | "education"
          | "skills"
          | "certifications";
        /**
         * The record's id.
         * @minLength 1
         */
        record: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<RevisionList, Error>({
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
    diffRevision: (id: RecordId, params: RequestParams = {}) =>
      this.request<RevisionDiff, Error>({
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
    restoreRevision: (
      id: RecordId,
      data?: RevisionRestore,
      params: RequestParams = {},
    ) =>
      this.request<RestoredRecord, Error>({
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
    createPreviewLink: (data: PreviewLinkCreate, params: RequestParams = {}) =>
      this.request<PreviewLinkData, Error>({
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
    listPreviewLinks: (params: RequestParams = {}) =>
      this.request<PreviewLinkList, Error>({
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
    revokeAllPreviewLinks: (params: RequestParams = {}) =>
      this.request<void, Error>({
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
    revokePreviewLink: (id: RecordId, params: RequestParams = {}) =>
      this.request<void, Error>({
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
    getPreview: (token: string, params: RequestParams = {}) =>
      this.request<PreviewData, void | Error>({
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
    exportSite: (params: RequestParams = {}) =>
      this.request<Blob, Error>({
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
    streamWebhookEvents: (
      query?: {
        /**
         * Comma-separated event types to receive (default: every type the key may see; a browser key does not see the types with personal data). An unknown type is `400`; a type with personal data asked by a browser key is `403 insufficient_scope`.
         * @example "content.created,content.updated"
         */
        events?: string;
        /**
         * Replay from this instant (RFC 3339; no earlier than the 7 days kept): the stream starts with the first event created at or after it, then goes on live. `Last-Event-ID`, when sent, wins. A value that is not RFC 3339 is `400`.
         * @format date-time
         * @example "2026-11-21T20:10:25Z"
         */
        since?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<RecordId, Error>({
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
    recoverWebhookSubscription: (
      id: RecordId,
      data: WebhookRecover,
      params: RequestParams = {},
    ) =>
      this.request<WebhookRecovery, Error>({
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
    subscribeToNewsletter: (
      data: NewsletterSubscribe,
      params: RequestParams = {},
    ) =>
      this.request<NewsletterSubscribeAccepted, Error>({
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
    listNewsletterSubscribers: (
      query?: {
        status?: "pending" | "confirmed" | "unsubscribed" | "bounced";
        /**
         * @min 1
         * @max 100
         */
        limit?: number;
        /** The `next_cursor` of the previous page. */
        cursor?: string;
      },
      params: RequestParams = {},
    ) =>
      this.request<NewsletterSubscriberList, Error>({
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
    importNewsletterSubscribers: (
      data: NewsletterImport,
      params: RequestParams = {},
    ) =>
      this.request<NewsletterImportResult, Error>({
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
    exportNewsletterSubscribers: (params: RequestParams = {}) =>
      this.request<void, Error>({
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
    memberSignIn: (data: MemberSignIn, params: RequestParams = {}) =>
      this.request<SignInAccepted, Error>({
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
    memberVerify: (data: MemberVerify, params: RequestParams = {}) =>
      this.request<MemberSession, Error>({
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
    getMember: (params: RequestParams = {}) =>
      this.request<MemberSelfData, void | Error>({
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
    updateMember: (data: MemberUpdate, params: RequestParams = {}) =>
      this.request<MemberSelfData, Error>({
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
    memberSignOut: (params: RequestParams = {}) =>
      this.request<void, Error>({
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
    listNewsletters: (
      query?: {
        /**
         * How many of the newest sends.
         * @min 1
         * @max 100
         * @default 20
         */
        limit?: number;
      },
      params: RequestParams = {},
    ) =>
      this.request<NewsletterSendList, Error>({
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
    sendNewsletter: (data: NewsletterSendCreate, params: RequestParams = {}) =>
      this.request<NewsletterSendData, Error>({
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
    newsletterDkim: (params: RequestParams = {}) =>
      this.request<NewsletterDKIMData, Error>({
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
    getNewsletterSend: (id: RecordId, params: RequestParams = {}) =>
      this.request<NewsletterSendData, Error>({
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
    pauseNewsletterSend: (id: RecordId, params: RequestParams = {}) =>
      this.request<NewsletterSendData, Error>({
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
    resumeNewsletterSend: (id: RecordId, params: RequestParams = {}) =>
      this.request<NewsletterSendData, Error>({
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
    cancelNewsletterSend: (id: RecordId, params: RequestParams = {}) =>
      this.request<NewsletterSendData, Error>({
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
    showNewsletterConfirmPage: (token: string, params: RequestParams = {}) =>
      this.request<RecordId, RecordId | Error>({
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
    confirmNewsletterSubscription: (
      token: string,
      params: RequestParams = {},
    ) =>
      this.request<RecordId, RecordId | Error>({
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
    showNewsletterUnsubscribePage: (
      token: string,
      params: RequestParams = {},
    ) =>
      this.request<RecordId, RecordId | Error>({
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
    unsubscribeFromNewsletter: (
      token: string,
      data: {
        "List-Unsubscribe": "One-Click";
      },
      params: RequestParams = {},
    ) =>
      this.request<RecordId, RecordId | Error>({
        path: `/newsletter/unsubscribe/${token}`,
        method: "POST",
        body: data,
        type: "application/x-www-form-urlencoded",
        ...params,
      }),
  };
}
