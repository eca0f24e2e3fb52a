import { render, screen } from '@testing-library/react';
import { encode } from 'uqr';
import { QrCode, qrPath } from './qr-code';

const URI = 'otpauth://totp/Kabu:0901234567?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Kabu';

/** The modules the path paints, as "x,y". */
function painted(path: string): Set<string> {
  return new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
}

describe('QR code of the authenticator link', () => {
  it('paints exactly the dark modules of the encoded link, inside a four-module quiet zone', () => {
    const { path, size } = qrPath(URI);
    const { data } = encode(URI, { ecc: 'M', border: 4 });
    const dark = new Set(data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : []))));
    expect(painted(path)).toEqual(dark);
    expect(size).toBe(data.length);
    // A QR symbol is 17 + 4 × version modules wide; the quiet zone adds four on each side and stays light.
    expect((size - 8 - 17) % 4).toBe(0);
    for (let i = 0; i < size; i += 1)
      for (const [x, y] of [
        [i, 0],
        [i, 3],
        [0, i],
        [size - 1, i],
        [i, size - 4],
      ] as const)
        expect(painted(path).has(`${x},${y}`)).toBe(false);
    // The top-left finder pattern: a dark 7×7 ring starting right after the quiet zone.
    for (let i = 4; i < 11; i += 1) {
      expect(painted(path).has(`${i},4`)).toBe(true);
      expect(painted(path).has(`4,${i}`)).toBe(true);
    }
  });

  it('draws another code for another secret, and names itself for screen readers', () => {
    expect(qrPath(URI).path).not.toBe(qrPath(URI.replace('JBSWY3DP&', 'KRSXG5CT&')).path);
    render(<QrCode text={URI} label="QR code for your authenticator app" />);
    const img = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(img.getAttribute('viewBox')).toBe(`0 0 ${qrPath(URI).size} ${qrPath(URI).size}`);
  });
});
