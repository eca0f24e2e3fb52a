import { paragraphs } from './risk-text';

describe('risk disclosure paragraphs', () => {
  it('keeps line breaks, else splits numbered points', () => {
    expect(paragraphs('A.\n\nB.')).toEqual(['A.', 'B.']);
    expect(paragraphs('1. Leverage. 2. Shorts lose when prices rise. 10. Fees.')).toEqual([
      '1. Leverage.',
      '2. Shorts lose when prices rise.',
      '10. Fees.',
    ]);
    expect(paragraphs('Price 2.5 is fine.')).toEqual(['Price 2.5 is fine.']);
  });
});
