import { Typography } from 'antd';

/**
 * A legal text as the admin wrote it: plain text, paragraphs split by blank lines, line breaks kept.
 * Nothing is parsed as HTML (React escapes it), so a pasted `<script>` shows as text.
 */
export function LegalText({ text }: { text: string | null }) {
  if (!text) return <Typography.Paragraph type="secondary">Este texto aún no está disponible.</Typography.Paragraph>;
  return (
    <>
      {text.split(/\n\s*\n/).map((para, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text, never reordered.
        <Typography.Paragraph key={i} style={{ whiteSpace: 'pre-wrap' }}>
          {para}
        </Typography.Paragraph>
      ))}
    </>
  );
}
