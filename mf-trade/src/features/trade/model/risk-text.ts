/** The disclosure's paragraphs: its line breaks, or else its numbered points ("1. … 2. …"), one per paragraph. */
export function paragraphs(text: string): string[] {
  const lines = text
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > 1) return lines;
  return text
    .split(/\s+(?=\d{1,2}\.\s)/)
    .map((l) => l.trim())
    .filter(Boolean);
}
