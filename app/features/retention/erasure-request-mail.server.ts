import { factsText, htmlPage, type Facts } from "~/features/mail/layout.server";

/**
 * The team's mail about an erasure request from a private page (decisions
 * 0025, 0089): what was asked, the facts that find the record (never the
 * person's name or address), and the way to the staff screen where it is
 * carried out. `topic` is the record's, so erasing it first removes the mail.
 */
export function erasureRequestMail(site: { publicUrl: string; contactEmail: string }, mail: { topic: string; subject: string; intro: string; facts: Facts }) {
  const requests = `${site.publicUrl}/admin/requests`;
  const outro = ["Carry it out on Waiting lists and requests in the staff area, where the request is listed."];
  return {
    topic: mail.topic,
    to: site.contactEmail,
    subject: mail.subject,
    text: `${mail.intro}\n\n${factsText(mail.facts)}\n\n${outro[0]} ${requests}\n`,
    html: htmlPage(mail.subject, [mail.intro], mail.facts, outro, { label: "Open the requests", url: requests }, { wholeTitle: true }),
  };
}
