import { errorNote, linkParagraph, paragraph } from "./form-parts";
import { type PageContent, pageResponse } from "./layout";

/** 403: a form posted from another site's page; nothing was read or written. */
export function crossSitePage(): Response {
  return pageResponse(403, {
    title: "Request refused",
    body: [
      errorNote("This form was sent from another site, so nothing was done."),
      paragraph("Open the page on this site and send the form from there."),
    ].join("\n"),
  });
}

/** 413: a form larger than the route's body limit; nothing was read past it, nothing done. */
export function tooLargePage(): Response {
  return pageResponse(413, {
    title: "Form too large",
    body: errorNote("The form sent was larger than this page accepts, so nothing was done."),
  });
}

/** 429: the limiter's budget is spent; the catalog's message says how long to wait. */
export function throttledPage(message: string, base: string): Response {
  return pageResponse(429, {
    title: "Too many tries",
    body: [errorNote(message), linkParagraph(base, "Back to sign in")].join("\n"),
  });
}

/** 401: the page needs a session (or the sign-in step's ticket) that the request lacks. */
export function signInFirstPage(base: string, message: string): Response {
  return pageResponse(401, {
    title: "Sign in first",
    body: [paragraph(message), linkParagraph(base, "Sign in")].join("\n"),
  });
}

/** A page that only says something done, and links to the sign-in form. */
export function donePage(title: string, message: string, base: string): PageContent {
  return {
    title,
    body: [paragraph(message), linkParagraph(base, "Sign in")].join("\n"),
  };
}
