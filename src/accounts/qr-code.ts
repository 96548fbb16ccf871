import { generate } from "lean-qr";
import { toSvgSource } from "lean-qr/extras/svg";

/** `text` as a QR code in SVG (black on white, a quiet zone of four modules), for inline HTML. */
export function qrCodeSvg(text: string): string {
  return toSvgSource(generate(text), { on: "#000", off: "#fff", pad: 4, width: 240, height: 240 });
}
