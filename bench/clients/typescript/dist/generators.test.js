// A second generator reads the contract without loss: swagger-typescript-api's types (src/sta,
// made by `npm run generate`) give every error response the one Error type, whose code and
// message are strings, and the write bodies the fields the server accepts (published_at).
import assert from "node:assert/strict";
import { test } from "node:test";
const messageIsString = true;
const codeIsString = true;
const publishedAtIsWritable = true;
function required(name) {
    const value = process.env[name];
    if (!value)
        throw new globalThis.Error(`${name} is not set: run the tests through run.sh`);
    return value;
}
test("swagger-typescript-api types the error envelope", async () => {
    assert.ok(messageIsString && codeIsString && publishedAtIsWritable);
    const res = await fetch(`${required("BASE_URL")}/api/v1/posts?limit=0`, {
        headers: { Authorization: `Bearer ${required("API_KEY")}` },
    });
    assert.equal(res.status, 400);
    const body = (await res.json());
    assert.equal(body.error.code, "invalid_request");
    assert.equal(typeof body.error.message, "string");
    assert.notEqual(body.error.message, "");
});
