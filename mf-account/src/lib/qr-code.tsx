import { encode } from 'uqr';

/** The quiet zone around the code: four modules, as ISO/IEC 18004 asks, so phone cameras find its edges. */
const QUIET_ZONE = 4;

/** One SVG path for the dark modules of `text`'s QR code (medium error correction), and its size in modules. */
export function qrPath(text: string): { path: string; size: number } {
  const { data, size } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  const parts: string[] = [];
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return { path: parts.join(''), size };
}

/** A QR code of `text` drawn as one crisp SVG path (black on white whatever the theme, as scanners expect). */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { path, size } = qrPath(text);
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
