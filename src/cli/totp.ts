import { generateTotp } from "../auth/totp";
import { type CliIo, ExitCode, UsageError } from "./io";

const PERIOD_SECONDS = 30;
const BASE32 = /^[A-Z2-7]+=*$/i;

/**
 * `rpdi totp <secret>`: the code an authenticator app shows now for a base32 MFA secret (the
 * sandbox's MFA account, or a test account), and how long it stays valid. With no argument the
 * secret comes from `RPDI_MFA_SECRET`, so a real one need not enter the shell's history.
 */
export function totpCommand(io: CliIo, secret: string | undefined): ExitCode {
  if (secret === undefined || secret === "")
    throw new UsageError("rpdi totp takes a base32 MFA secret (or set RPDI_MFA_SECRET)");
  const compact = secret.replace(/\s+/g, "");
  if (!BASE32.test(compact))
    throw new UsageError("the MFA secret must be base32 (letters A–Z and digits 2–7)");
  const now = io.now();
  const left = PERIOD_SECONDS - (Math.floor(now.getTime() / 1000) % PERIOD_SECONDS);
  io.stdout(`${generateTotp(compact.toUpperCase(), now)}  (valid for ${left} s more)\n`);
  return ExitCode.VALID;
}
