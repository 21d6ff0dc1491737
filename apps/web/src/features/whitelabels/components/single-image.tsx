import { ImageUpload } from '../../../shared/image-upload';

/** One stored image (logo, favicon, hero) as a form value: the file name or null. */
export function SingleImage({ value, onChange }: { value?: string | null; onChange?: (file: string | null) => void }) {
  return <ImageUpload max={1} value={value ? [value] : []} onChange={(files) => onChange?.(files[files.length - 1] ?? null)} />;
}
