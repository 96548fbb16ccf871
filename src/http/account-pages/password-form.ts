import { errorNote, field, form, linkParagraph, paragraph } from "./form-parts";
import type { PageContent } from "./layout";

/** What a password link page says, and where it posts. */
export interface PasswordPageCopy {
  /** Its path below the login address, which its form posts to. */
  segment: string;
  title: string;
  intro: string;
  submit: string;
  /** What to do when the link no longer works: a link, or advice. */
  renewal: { href: string; text: string } | { text: string };
}

/** The refusal of two different passwords (checked before any token or service). */
export const MISMATCH =
  "The two passwords are not the same; type the same password in both fields.";

/** The form: the new password twice (`new-password`), with the error and the fields it concerns. */
export function passwordForm(page: PasswordPageCopy, error?: string): PageContent {
  return {
    title: page.title,
    body: [
      paragraph(page.intro),
      errorNote(error),
      form(
        page.segment,
        [
          field({
            name: "password",
            label: "New password",
            type: "password",
            autocomplete: "new-password",
            hint: "A passphrase of several words is easiest to remember.",
            invalid: error !== undefined,
          }),
          field({
            name: "confirm",
            label: "New password again",
            type: "password",
            autocomplete: "new-password",
            invalid: error === MISMATCH,
          }),
        ],
        page.submit,
      ),
    ].join("\n"),
  };
}

/** A link that cannot be used (unknown, used, expired, or its cookie gone): what to do instead. */
export function linkRefusal(page: PasswordPageCopy, message: string, base: string): PageContent {
  const renewal = page.renewal;
  return {
    title: "This link cannot be used",
    body: [
      errorNote(message),
      paragraph(
        "A link opened more than 15 minutes before the form was sent must be opened again from the email.",
      ),
      "href" in renewal ? linkParagraph(renewal.href, renewal.text) : paragraph(renewal.text),
      linkParagraph(base, "Sign in"),
    ].join("\n"),
  };
}
