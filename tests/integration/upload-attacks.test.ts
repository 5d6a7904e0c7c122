import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/features/admin-auth/accounts.server";
import { addSession, valid } from "../helpers/registration";
import { startSite, type RunningSite } from "../helpers/site";

/**
 * Issue 10 point 7, uploads: every endpoint that takes a file — the DECODE and
 * ICH registration APIs and the registration page's form (photos), and the
 * staff programme API (thumbnail) — given polyglots, SVG with script, content
 * type lies and hostile file names. A file is judged by its bytes only: one
 * that is not a real JPEG, PNG or WebP (GIF too for thumbnails) is refused with
 * a 4xx and the field's message, storing nothing; one that is a real image is
 * decoded and encoded again, so whatever rode along (appended script, a
 * comment segment) is gone, and it is stored under its sniffed type and an id
 * of ours, never under the name the client sent. Served files carry the
 * sniffed type, nosniff and a sandboxing CSP. SQLite only: no query differs by
 * database here.
 */
const PASSWORD = "Uploads are bytes 73 not names";
const MARKERS = ["<script", "<?php", "<html", "alert(", "onload"];

const pngBytes = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 90 } } }).png().toBuffer();
const jpegBytes = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer();
const text = (s: string) => Buffer.from(s, "utf8");
const script = "<html><body><script>alert(document.domain)</script></body></html>";

/** A JPEG whose comment segment (COM, right after SOI) carries a script. */
async function jpegWithComment() {
  const jpeg = await jpegBytes();
  const comment = text(script);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]), comment]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

type Upload = { bytes: Buffer; name: string; type: string };

/** A multipart body built by hand, so names and types reach the server exactly as a hostile client writes them. */
function multipart(fields: Record<string, string>, file: { field: string } & Upload) {
  const boundary = `----upload-attack-${crypto.randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(text(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.concat([
      text(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="`),
      Buffer.from(file.name, "latin1"),
      text(`"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      text("\r\n"),
    ]),
  );
  parts.push(text(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe("hostile uploads on every file-taking endpoint", { timeout: 120_000 }, () => {
  let s: RunningSite;
  let token: string;
  let ichSession: string;
  let n = 0;

  beforeAll(async () => {
    s = await startSite("sqlite", { FORM_RATE_LIMIT: "100000", ADMIN_LOGIN_ACCOUNT_LIMIT: "1000", ADMIN_LOGIN_ADDRESS_LIMIT: "1000" });
    await createStaffAccount(s.db, "uploads@example.org", PASSWORD);
    const res = await fetch(`${s.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "uploads@example.org", password: PASSWORD }) });
    token = ((await res.json()) as { token: string }).token;
    ichSession = await addSession(s, { kind: "hypnotherapy" });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const future = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  /** The endpoints, each with a fresh valid form around the file part and the field its message is under. */
  const endpoints: Array<{ name: string; field: string; page?: true; send: (file: Upload) => Promise<Response> }> = [
    {
      name: "POST /api/registration (profileImage)",
      field: "profileImage",
      send: (file) => {
        const fields = { ...valid, email: `decode${++n}@example.com`, upcomingEventId: "s-decode-1-b", programId: "" };
        const m = multipart(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), { field: "profileImage", ...file });
        return fetch(`${s.url}/api/registration`, { method: "POST", headers: { "content-type": m.contentType }, body: m.body });
      },
    },
    {
      name: "POST /api/ich/ich-registration (idPhotofront)",
      field: "idPhotofront",
      send: (file) => {
        const fields = { ...valid, email: `ich${++n}@example.com`, levelName: "ICH Level 1", level: "Level 1", upcomingEventId: ichSession, programId: "" };
        const m = multipart(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), { field: "idPhotofront", ...file });
        return fetch(`${s.url}/api/ich/ich-registration`, { method: "POST", headers: { "content-type": m.contentType }, body: m.body });
      },
    },
    {
      name: "POST /register/s-decode-1-b (the page's form, idphotoback)",
      field: "idphotoback",
      page: true,
      send: (file) => {
        const fields = { ...valid, email: `page${++n}@example.com`, upcomingEventId: "s-decode-1-b", programId: "" };
        const m = multipart(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), { field: "idphotoback", ...file });
        return fetch(`${s.url}/register/s-decode-1-b`, { method: "POST", headers: { "content-type": m.contentType, origin: s.url }, body: m.body, redirect: "manual" });
      },
    },
    {
      name: "POST /api/hypnotherapy (staff thumbnail)",
      field: "thumbnail",
      send: (file) => {
        const fields = {
          title: `Upload Check Program ${++n}`,
          subtitle: "Checks of uploaded thumbnails",
          duration: "2 Days",
          status: "Open",
          cardPoints: JSON.stringify(["<p>Checked</p>"]),
          learningSections: JSON.stringify([{ title: "Checks", content: "<p>Checked</p>" }]),
          upcomingEvents: JSON.stringify([
            {
              eventName: "Check",
              startDate: `${future}T09:00`,
              endDate: `${future}T17:00`,
              timeZone: "America/Chicago",
              location: "Austin",
              organiser: "Dr. Rivera",
              organizerEmail: "rivera@example.org",
              price: "$100",
              paymentLink: "https://pay.example.org/check",
              capacity: "10",
            },
          ]),
        };
        const m = multipart(fields, { field: "thumbnail", ...file });
        return fetch(`${s.url}/api/hypnotherapy`, { method: "POST", headers: { "content-type": m.contentType, authorization: `Bearer ${token}` }, body: m.body });
      },
    },
  ];

  const counts = async () => {
    const [files, registrations, programmes] = await Promise.all([
      s.db.selectFrom("files").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      s.db.selectFrom("registrations").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      s.db.selectFrom("programmes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { files: Number(files.n), registrations: Number(registrations.n), programmes: Number(programmes.n) };
  };
  /** What the answer says of the field: the API's errors object, or the page's action data. */
  const fieldError = (body: string, field: string) => {
    const m = new RegExp(`"${field}"\\s*[,:]\\s*"([^"]+)"`).exec(body);
    return m?.[1];
  };
  const dataDirEntries = () => fs.readdirSync(s.config.dataDir, { recursive: true }).map(String).filter((f) => !/^(site\.db(-wal|-shm)?|outbox(\/.*\.eml)?|\..*\.eml\.partial)$/.test(f));

  // Not images by their bytes, whatever their names and declared types say: refused, nothing stored.
  const refused: Array<[string, () => Promise<Upload>, RegExp]> = [
    ["a GIF header followed by HTML and script", async () => ({ bytes: Buffer.concat([text("GIF89a\x01\x00\x01\x00"), text(script)]), name: "cat.gif", type: "image/gif" }), /could not be read|must be a JPEG, PNG or WebP/],
    ["a JPEG header followed by HTML and script", async () => ({ bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), text(script)]), name: "cat.jpg", type: "image/jpeg" }), /could not be read/],
    ["a PNG signature followed by PHP", async () => ({ bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), text("<?php system($_GET['c']); ?>")]), name: "shell.php.png", type: "image/png" }), /could not be read/],
    ["an SVG with a script", async () => ({ bytes: text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'), name: "logo.svg", type: "image/svg+xml" }), /must be a (JPEG, PNG or WebP|PNG, JPG, GIF or WebP)/],
    ["an SVG declared as a PNG", async () => ({ bytes: text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: "logo.png", type: "image/png" }), /must be a (JPEG, PNG or WebP|PNG, JPG, GIF or WebP)/],
    ["HTML declared as a PNG", async () => ({ bytes: text(`<!doctype html>${script}`), name: "page.png", type: "image/png" }), /must be a (JPEG, PNG or WebP|PNG, JPG, GIF or WebP)/],
  ];

  for (const endpoint of endpoints) {
    for (const [what, make, message] of refused) {
      it(`${endpoint.name}: refuses ${what} with a 4xx and the field's message, storing nothing`, async () => {
        const before = await counts();
        const res = await endpoint.send(await make());
        const body = await res.text();
        expect(res.status).toBe(400);
        // The API's errors object; the page renders its form again with the message beside the field.
        expect(endpoint.page ? body : fieldError(body, endpoint.field)).toMatch(message);
        expect(await counts()).toEqual(before);
      });
    }
  }

  // Real images, whatever rode along or whatever the client called them: stored re-encoded under the sniffed type and an id of ours.
  const stored: Array<[string, () => Promise<Upload>, "image/png" | "image/jpeg"]> = [
    ["a PNG with PHP and script appended", async () => ({ bytes: Buffer.concat([await pngBytes(), text(`<?php echo 1; ?>${script}`)]), name: "photo.png", type: "image/png" }), "image/png"],
    ["a JPEG with a script in its comment segment", async () => ({ bytes: await jpegWithComment(), name: "photo.jpg", type: "image/jpeg" }), "image/jpeg"],
    ["PNG bytes declared as text/plain", async () => ({ bytes: await pngBytes(), name: "notes.txt", type: "text/plain" }), "image/png"],
    ["PNG bytes declared as text/html", async () => ({ bytes: await pngBytes(), name: "index.html", type: "text/html" }), "image/png"],
    ["a JPEG named ../../etc/passwd.png", async () => ({ bytes: await jpegBytes(), name: "../../etc/passwd.png", type: "image/png" }), "image/jpeg"],
    ["a PNG named ..\\..\\x.jpg", async () => ({ bytes: await pngBytes(), name: "..\\..\\x.jpg", type: "image/jpeg" }), "image/png"],
    ["a PNG named with a NUL byte", async () => ({ bytes: await pngBytes(), name: "a.png\u0000.html", type: "image/png" }), "image/png"],
    ["a PNG with a 3,005-character name", async () => ({ bytes: await pngBytes(), name: `${"../".repeat(1000)}x.png`, type: "image/png" }), "image/png"],
  ];

  for (const endpoint of endpoints) {
    for (const [what, make, type] of stored) {
      it(`${endpoint.name}: stores ${what} cleaned, as ${type}, never under the sent name`, async () => {
        const before = await counts();
        const entries = dataDirEntries();
        const upload = await make();
        const res = await endpoint.send(upload);
        expect(res.status).toBe(201);
        const after = await counts();
        expect(after.files).toBe(before.files + 1);
        const file = await s.db.selectFrom("files").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").executeTakeFirstOrThrow();
        expect(file.content_type).toBe(type);
        const bytes = Buffer.from(file.bytes as Uint8Array);
        for (const marker of MARKERS) expect(bytes.includes(marker)).toBe(false);
        expect((await sharp(bytes).metadata()).format).toBe(type === "image/png" ? "png" : "jpeg");
        // Nothing was written to disk, under the sent name or any other.
        expect(dataDirEntries()).toEqual(entries);
        expect(fs.existsSync(path.resolve(s.config.dataDir, upload.name.replace(/\0/g, "")))).toBe(false);

        // Served with the sniffed type and headers that keep a browser from reading it as anything else.
        const served =
          endpoint.field === "thumbnail"
            ? await fetch(`${s.url}/uploads/${((JSON.parse(await res.text()) as { data: { thumbnail: string } }).data.thumbnail)}`)
            : await fetch(`${s.url}/api/admin/registrations/${await registrationOf(file.id)}/photos/${photoKind(endpoint.field)}`, { headers: { authorization: `Bearer ${token}` } });
        expect(served.status).toBe(200);
        expect(served.headers.get("content-type")).toBe(type);
        expect(served.headers.get("x-content-type-options")).toBe("nosniff");
        expect(served.headers.get("content-security-policy")).toMatch(/sandbox/);
        // A private photo is named by us (the registration and the kind of photo), a public thumbnail by its URL.
        expect(served.headers.get("content-disposition") ?? "none").toMatch(
          endpoint.field === "thumbnail" ? /^none$/ : /^inline; filename="registration-[\w-]+-(profile|id-front|id-back)\.(png|jpg)"$/,
        );
        expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      });
    }
  }

  async function registrationOf(fileId: string) {
    const row = await s.db
      .selectFrom("registrations")
      .select("id")
      .where((eb) => eb.or([eb("profile_image_id", "=", fileId), eb("id_front_id", "=", fileId), eb("id_back_id", "=", fileId)]))
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const photoKind = (field: string) => ({ profileImage: "profile", idPhotofront: "id-front", idphotoback: "id-back" })[field]!;
});
