import { describe, expect, it } from "vitest";
import {
  MAX_UPLOAD_BYTES,
  type RpdiClient,
  RpdiFileTooLargeError,
  type UploadFile,
} from "../../src/client/index";
import { MAX_CSV_BYTES } from "../../src/csv/read";
import { clientOf, json, rejection, StubService } from "../client/stub-service";

/*
 * The hole: rpdi/client sent an 11 MiB string or byte array whole (after logging in) before the
 * service refused it. It now refuses any upload over 10 MiB itself, before sending a byte, with
 * RpdiFileTooLargeError; exactly 10 MiB is sent, as the service accepts it.
 */

const MiB = 1024 * 1024;
const REVIEW_CYCLE = "3f1c2b8e-0000-4000-8000-000000000001";

/** Every upload path of the client, with the request it names. */
const uploads: [string, (client: RpdiClient, file: UploadFile) => Promise<unknown>][] = [
  ["POST /api/v2/members/import-csv", (client, file) => client.members.importCsv("RECRUIT", file)],
  ["POST /api/v2/matters-csv/upsert", (client, file) => client.matters.upsert(REVIEW_CYCLE, file)],
  [
    "POST /api/v2/matters-csv/validate-upsert",
    (client, file) => client.matters.validateUpsert(file),
  ],
  [
    "POST /api/v2/matters-csv/upload-csv",
    (client, file) => client.matters.uploadCsv(REVIEW_CYCLE, file),
  ],
  ["POST /api/v2/matters-csv/validate-csv", (client, file) => client.matters.validateCsv(file)],
];

const oversized: [string, () => UploadFile, number][] = [
  ["an 11 MiB string", () => "a".repeat(11 * MiB), 11 * MiB],
  // 5 Mi three-byte characters: 5 Mi characters, 15 MiB of UTF-8.
  ["a string of 10 MiB + 1 UTF-8 bytes but fewer characters", () => "€".repeat(5 * MiB), 15 * MiB],
  ["11 MiB of bytes", () => new Uint8Array(11 * MiB), 11 * MiB],
  ["an 11 MiB ArrayBuffer", () => new ArrayBuffer(11 * MiB), 11 * MiB],
  ["an 11 MiB Blob", () => new Blob([new Uint8Array(11 * MiB)]), 11 * MiB],
  ["10 MiB + 1 byte", () => new Uint8Array(10 * MiB + 1), 10 * MiB + 1],
];

describe("client oversized upload", () => {
  it("the client's limit is the service's", () => {
    expect(MAX_UPLOAD_BYTES).toBe(MAX_CSV_BYTES);
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
  });

  for (const [request, upload] of uploads)
    for (const [what, file, size] of oversized)
      it(`${request}: ${what} is refused with RpdiFileTooLargeError and the service sees no request`, async () => {
        const service = new StubService({ api: () => json({}) });
        const error = await rejection(upload(clientOf(service), file()));
        expect(error).toBeInstanceOf(RpdiFileTooLargeError);
        expect(error).toMatchObject({
          kind: "file-too-large",
          request,
          status: undefined,
          size,
          limit: MAX_UPLOAD_BYTES,
        });
        expect(service.requests).toHaveLength(0);
      });

  it("exactly 10 MiB, as text and as bytes, is sent whole", async () => {
    const service = new StubService({
      api: () => json({ createdCount: 0, updatedCount: 0, absentMembers: [] }),
    });
    const client = clientOf(service);
    await client.members.importCsv("RECRUIT", "a".repeat(10 * MiB));
    await client.members.importCsv("RECRUIT", new Uint8Array(10 * MiB));
    const sizes = service
      .apiRequests()
      .map((request) => ((request.body as FormData).get("file") as Blob).size);
    expect(sizes).toEqual([10 * MiB, 10 * MiB]);
  });
});
