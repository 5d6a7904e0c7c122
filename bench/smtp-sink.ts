// A mail server for the submission bench: accepts every message over SMTP and
// throws it away, as a production mail relay would take them from the site.
// Run as its own process (on the load generator's core), so that the site's
// server spends on mail what it spends in production: nodemailer's pool
// talking SMTP, not the no-SMTP fallback's files on disk.
//
//   node bench/smtp-sink.ts     prints "smtp://127.0.0.1:<port>" once listening.
import { SMTPServer } from "smtp-server";

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  disableReverseLookup: true,
  logger: false,
  // One connection per client of nodemailer's pool (5), with room to spare.
  maxClients: 50,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on("error", () => undefined);
    stream.on("end", () => callback());
  },
});
server.on("error", (error) => console.error("smtp sink:", error.message));
server.listen(0, "127.0.0.1", () => {
  const { port } = server.server.address() as { port: number };
  console.log(`smtp://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
