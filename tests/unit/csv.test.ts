import { describe, expect, it } from "vitest";
import { csvCell, csvFileName, csvHeaders, csvLine, csvMoment, csvMomentHeader, csvStream, keysetRows } from "~/features/exports/csv.server";

async function text(stream: ReadableStream<Uint8Array>) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("CSV cells (RFC 4180)", () => {
  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(true)).toBe("true");
    expect(csvCell("Zoë, Łódź")).toBe('"Zoë, Łódź"');
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\",\"x\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\"");
    expect(csvCell("+1 555 123 4567")).toBe("'+1 555 123 4567");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("\"'\tcmd\"");
    // A reader that splits on semicolons or tabs never sees a cell of ours begin inside this one.
    expect(csvCell("Hi;=1+2;@SUM(9)")).toBe('"Hi;=1+2;@SUM(9)"');
    expect(csvCell("a\t=1+2")).toBe('"a\t=1+2"');
    expect(csvCell("\rcmd")).toBe("\"'\rcmd\"");
    // Numbers are values, not text typed by a visitor.
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("ends each line with CRLF", () => {
    expect(csvLine(["a", "b,c", null])).toBe('a,"b,c",\r\n');
  });
});

describe("CSV stream", () => {
  it("starts with a BOM and the header, then a line per row", async () => {
    const rows = (async function* () {
      yield { name: "Ann", email: "ann@example.com" };
      yield { name: "=cmd", email: "b@example.com" };
    })();
    const out = await text(
      csvStream(
        [
          { header: "Name", value: (r: { name: string }) => r.name },
          { header: "Email", value: (r: { email: string }) => r.email },
        ],
        rows,
      ),
    );
    expect(out.charCodeAt(0)).toBe(0xfeff);
    expect(out.slice(1)).toBe("Name,Email\r\nAnn,ann@example.com\r\n'=cmd,b@example.com\r\n");
  });

  it("reads pages after the last key until a short page", async () => {
    const data = Array.from({ length: 1203 }, (_, i) => ({ id: i }));
    const asked: Array<number | null> = [];
    const seen: number[] = [];
    for await (const row of keysetRows(
      async (after: number | null, limit) => {
        asked.push(after);
        return data.filter((r) => after === null || r.id > after).slice(0, limit);
      },
      (r) => r.id,
      500,
    )) {
      seen.push(row.id);
    }
    expect(seen).toEqual(data.map((r) => r.id));
    expect(asked).toEqual([null, 499, 999]);
  });

  it("names the file with its date range and sends it uncached", () => {
    expect(csvFileName("ich-registrations", "2026-01-01", "2026-03-31")).toBe("ich-registrations_2026-01-01_to_2026-03-31.csv");
    expect(csvFileName("contacts", null, "")).toBe("contacts_start_to_today.csv");
    const h = csvHeaders('x"y.csv');
    expect(h.get("content-disposition")).toBe('attachment; filename="xy.csv"');
    expect(h.get("cache-control")).toBe("private, no-store");
    expect(h.get("content-type")).toBe("text/csv; charset=utf-8");
  });
});

describe("a record's moment in a CSV", () => {
  it("is New York's date and time with the zone's name, so the two 1:30 AMs of the night the clocks go back differ", () => {
    expect(csvMoment("2026-11-01T05:30:00Z")).toBe("2026-11-01 01:30:00 EDT");
    expect(csvMoment("2026-11-01T06:30:00Z")).toBe("2026-11-01 01:30:00 EST");
    expect(csvMoment("2026-07-04T16:00:00.000Z")).toBe("2026-07-04 12:00:00 EDT");
    expect(csvMoment(null)).toBe("");
    expect(csvMomentHeader("Received")).toBe("Received (New York time)");
  });
});
