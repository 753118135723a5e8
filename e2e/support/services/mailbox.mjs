// A real SMTP server for the browser tests: the app sends its mail here, and the tests read what
// arrived over a small HTTP endpoint on E2E_MAILBOX_PORT (GET /messages?to=address).
import http from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export async function start() {
  const received = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const to of mail.to?.value ?? []) {
            received.push({
              to: to.address.toLowerCase(),
              from: mail.from?.text ?? "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
            });
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));

  const reader = http.createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    const to = url.searchParams.get("to")?.toLowerCase();
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(received.filter((m) => !to || m.to === to)));
  });
  await new Promise((resolve) => reader.listen(Number(process.env.E2E_MAILBOX_PORT), "127.0.0.1", resolve));

  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}` },
    stop: async () => {
      await new Promise((resolve) => smtp.close(resolve));
      await new Promise((resolve) => reader.close(resolve));
    },
  };
}
