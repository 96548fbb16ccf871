import type { ClientMatter, MatterEntry } from "../domain/matters";
import { emailKey } from "../values/email";
import { clientMatterKey, entryKey } from "./keys";
import type { ValidatedMatterRow } from "./row";

/**
 * A legacy row that cannot be stored: it would give an existing (Matter ID, Client Name, Attorney
 * Email) a second entry (`ENTRY_EXISTS`), or it names an existing client matter under another
 * Matter Name, which the upload may not change (`MATTER_NAME_DIFFERS`).
 */
export interface LegacyUploadConflict {
  kind: "ENTRY_EXISTS" | "MATTER_NAME_DIFFERS";
  rowNumber: number;
  matterId: string;
  clientName: string;
  attorneyEmail: string;
}

/** What a deprecated upload writes. With any conflict, nothing may be written (HTTP 409). */
export interface MatterLegacyPlan {
  createClientMatters: ClientMatter[];
  /** Always empty: the upload never changes a client matter that exists (see planLegacyUpload). */
  updateClientMatters: ClientMatter[];
  createEntries: MatterEntry[];
  /** Rows whose five-field identifier already exists on the cycle: silently skipped. */
  skipped: number;
  /** Exact duplicate rows of the file folded into the first of them. */
  collapsed: number;
  conflicts: LegacyUploadConflict[];
}

/**
 * Plans the deprecated `upload-csv` (spec): an entry per row; a row whose identifier (Matter ID,
 * Matter Name, Attorney Email, Billing Attorney Email, Client Name) already exists on the cycle is
 * skipped without update or report; exact duplicate rows collapse to one. Entries are keyed by the
 * upsert key in storage, so a row that would add a second entry for an existing (Matter ID, Client
 * Name, Attorney Email) is a conflict (see docs/decisions.md). The upload never changes a client
 * matter that exists on the cycle: refreshing its shared Matter Name and Description is the
 * upsert's alone, so a new entry beneath it keeps them, and a row naming it differently is a
 * conflict. A client matter the file creates takes the last of its rows' descriptions.
 */
export function planLegacyUpload(
  rows: readonly ValidatedMatterRow[],
  existingEntries: readonly MatterEntry[],
  clientMatters: readonly ClientMatter[],
  newId: () => string,
): MatterLegacyPlan {
  const matters = new Map(
    clientMatters.map((matter) => [clientMatterKey(matter.matterId, matter.clientName), matter]),
  );
  const mattersById = new Map(clientMatters.map((matter) => [matter.id, matter]));
  const taken = new Set(
    existingEntries.map((entry) => entryKey(entry.clientMatterId, entry.attorneyEmail)),
  );
  const identifiers = new Set<string>();
  for (const entry of existingEntries) {
    const matter = mattersById.get(entry.clientMatterId);
    if (matter !== undefined) {
      identifiers.add(
        identifier(
          matter.matterId,
          matter.matterName,
          entry.attorneyEmail,
          entry.billingAttorneyEmail,
          matter.clientName,
        ),
      );
    }
  }
  const plan: MatterLegacyPlan = {
    createClientMatters: [],
    updateClientMatters: [],
    createEntries: [],
    skipped: 0,
    collapsed: 0,
    conflicts: [],
  };
  const created = new Map<string, ClientMatter>();
  const seenRows = new Set<string>();

  for (const row of rows) {
    const exact = exactRowKey(row);
    if (seenRows.has(exact)) {
      plan.collapsed++;
      continue;
    }
    seenRows.add(exact);
    const rowIdentifier = identifier(
      row.matterId,
      row.matterName,
      row.attorneyEmail,
      row.billingAttorneyEmail,
      row.clientName,
    );
    if (identifiers.has(rowIdentifier)) {
      plan.skipped++;
      continue;
    }
    const key = clientMatterKey(row.matterId, row.clientName);
    const stored = matters.get(key);
    let matter: ClientMatter;
    if (stored === undefined || created.has(stored.id)) {
      matter = {
        id: stored?.id ?? newId(),
        matterId: row.matterId,
        clientName: row.clientName,
        matterName: row.matterName,
        description: row.description,
      };
      matters.set(key, matter);
      created.set(matter.id, matter);
    } else if (stored.matterName !== row.matterName) {
      plan.conflicts.push(conflict("MATTER_NAME_DIFFERS", row));
      continue;
    } else {
      matter = stored;
    }
    const slot = entryKey(matter.id, row.attorneyEmail);
    if (taken.has(slot)) {
      plan.conflicts.push(conflict("ENTRY_EXISTS", row));
      continue;
    }
    taken.add(slot);
    plan.createEntries.push({
      id: newId(),
      clientMatterId: matter.id,
      attorneyEmail: row.attorneyEmail,
      billingAttorneyEmail: row.billingAttorneyEmail,
      startDate: row.startDate,
      endDate: row.endDate,
      hoursBilled: row.hoursBilled,
    });
  }
  plan.createClientMatters = [...created.values()];
  return plan;
}

function conflict(
  kind: LegacyUploadConflict["kind"],
  row: ValidatedMatterRow,
): LegacyUploadConflict {
  return {
    kind,
    rowNumber: row.rowNumber,
    matterId: row.matterId,
    clientName: row.clientName,
    attorneyEmail: row.attorneyEmail,
  };
}

function identifier(
  matterId: string,
  matterName: string,
  attorney: string,
  billing: string,
  clientName: string,
): string {
  return [matterId, matterName, emailKey(attorney), emailKey(billing), clientName].join("\u0000");
}

function exactRowKey(row: ValidatedMatterRow): string {
  return [
    row.matterId,
    row.matterName,
    emailKey(row.attorneyEmail),
    emailKey(row.billingAttorneyEmail),
    row.startDate ?? "",
    row.endDate ?? "",
    String(row.hoursBilled),
    row.clientName,
    row.description ?? "",
  ].join("\u0000");
}
