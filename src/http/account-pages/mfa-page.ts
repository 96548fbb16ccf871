import type { MfaEnrollmentStart } from "../../accounts/mfa-enrollment";
import { errorNote, field, form, hidden, linkParagraph, paragraph } from "./form-parts";
import { escapeHtml, type PageContent } from "./layout";
import { ACCOUNT_PAGE_SEGMENTS } from "./links";

const TITLE = "Set up your authenticator";

/** The form's `action` value that begins a new enrollment instead of confirming a code. */
export const BEGIN_ACTION = "begin";

/**
 * The setup screen of a begun enrollment: the QR code, the same key as text (in `#mfa-secret`,
 * for typing into an app by hand), and the code field. The key is shown here only, once: a wrong
 * code answers {@link mfaCodePage}, which shows no key.
 */
export function mfaEnrollmentPage(start: MfaEnrollmentStart, ticket: string | null): PageContent {
  return {
    title: TITLE,
    body: [
      paragraph(
        "Scan this QR code with an authenticator app, or type the key below into the app by hand. Then enter the 6-digit code the app shows.",
      ),
      `<div class="qr" role="img" aria-label="QR code of your authenticator key">${hiddenSvg(start.qrSvg)}</div>`,
      `<p>Key: <code class="secret" id="mfa-secret">${escapeHtml(start.secret)}</code></p>`,
      codeForm(ticket, false),
      paragraph("Finish within 15 minutes; after that, start the setup again."),
    ].join("\n"),
  };
}

/** The first screen from a session: nothing begun yet; the button begins the setup (a POST). */
export function mfaStartPage(): PageContent {
  return {
    title: TITLE,
    body: [
      paragraph(
        "Set up an authenticator app to sign in with a 6-digit code as well as your password. The next page shows the key to add to the app.",
      ),
      startOverForm(null, "Begin setup"),
    ].join("\n"),
  };
}

/** For a member who has an authenticator: the pages never replace one (remove it first). */
export function alreadySetUpPage(base: string): PageContent {
  return {
    title: TITLE,
    body: [
      paragraph(
        "An authenticator is already set up for your account. To use another one, remove the current one first with a code from it, or ask an administrator to reset it.",
      ),
      linkParagraph(base, "Back to sign in"),
    ].join("\n"),
  };
}

/**
 * The code form again, after a refused code: the error, the field, and a way to start over with
 * a new key (the key of the first screen is not shown again).
 */
export function mfaCodePage(message: string, ticket: string | null): PageContent {
  return {
    title: TITLE,
    body: [
      errorNote(message),
      paragraph(
        "Enter the code your authenticator app shows now for the key you added. If you did not add the key, start over.",
      ),
      codeForm(ticket, true),
      startOverForm(ticket),
    ].join("\n"),
  };
}

function codeForm(ticket: string | null, invalid: boolean): string {
  return form(
    ACCOUNT_PAGE_SEGMENTS.mfa,
    [
      ...(ticket === null
        ? [
            // Setting up from a session: the password too, so a stolen session cannot do it.
            field({
              name: "password",
              label: "Your password",
              type: "password",
              autocomplete: "current-password",
            }),
          ]
        : [hidden("ticket", ticket)]),
      field({
        name: "code",
        label: "6-digit code",
        type: "text",
        autocomplete: "one-time-code",
        digits: true,
        invalid,
      }),
    ],
    "Confirm",
  );
}

function startOverForm(ticket: string | null, label = "Start over with a new key"): string {
  return `<form method="post" action="${ACCOUNT_PAGE_SEGMENTS.mfa}">
${ticket === null ? "" : `${hidden("ticket", ticket)}\n`}${hidden("action", BEGIN_ACTION)}
<button type="submit" class="secondary">${escapeHtml(label)}</button>
</form>`;
}

/** The QR code's SVG hidden from assistive technology: its wrapper carries the name. */
function hiddenSvg(svg: string): string {
  return svg.replace(/^<svg /, '<svg aria-hidden="true" focusable="false" ');
}
