import { emailKey } from "../values/email";

/** A client matter's identity: (Matter ID, Client Name), exact after trimming. */
export function clientMatterKey(matterId: string, clientName: string): string {
  return `${matterId}\u0000${clientName}`;
}

/** An entry's identity under its client matter: the attorney's address, case-insensitive. */
export function entryKey(clientMatterId: string, attorneyEmail: string): string {
  return `${clientMatterId}\u0000${emailKey(attorneyEmail)}`;
}
