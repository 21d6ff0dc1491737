import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { imageUrl, PLACE_MESSAGES } from '@travesia/contracts';
import { App, Button, Image, Space, Upload } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../lib/api';
import { uploadImage } from './upload-image';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = 5 * 1024 * 1024;

export interface ImageUploadProps {
  value?: string[];
  onChange?: (files: string[]) => void;
  max?: number;
  disabled?: boolean;
}

/**
 * Images of a record (places, products, logos): uploads JPEG, PNG or WebP up to 5 MB and keeps the
 * stored names. The server checks the content again; this only saves a pointless upload.
 */
export function ImageUpload({ value = [], onChange, max = 20, disabled }: ImageUploadProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(0);
  // Several files upload at once: each adds to the latest list, not to the one it started with.
  const latest = useRef(value);
  latest.current = value;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Image.PreviewGroup>
        <Space wrap>
          {value.map((file) => (
            <div key={file} style={{ position: 'relative' }}>
              <Image
                src={imageUrl(file, 320)}
                preview={{ src: imageUrl(file) }}
                width={120}
                height={80}
                style={{ objectFit: 'cover', borderRadius: 6 }}
                alt=""
              />
              {!disabled && (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="Quitar imagen"
                  style={{ position: 'absolute', top: 4, right: 4 }}
                  onClick={() => onChange?.(value.filter((f) => f !== file))}
                />
              )}
            </div>
          ))}
        </Space>
      </Image.PreviewGroup>
      <Upload
        accept={ACCEPT}
        multiple
        showUploadList={false}
        disabled={disabled || value.length >= max}
        beforeUpload={(file) => {
          if (!ACCEPT.split(',').includes(file.type)) {
            message.error(PLACE_MESSAGES['file.badType']);
            return Upload.LIST_IGNORE;
          }
          if (file.size > MAX_BYTES) {
            message.error(PLACE_MESSAGES['file.tooLarge']);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy((n) => n + 1);
          try {
            const uploaded = await uploadImage(file as File);
            latest.current = [...new Set([...latest.current, uploaded.file])];
            onChange?.(latest.current);
            onSuccess?.(uploaded);
          } catch (err) {
            message.error(err instanceof ApiError ? err.message : PLACE_MESSAGES['file.badType']);
            onError?.(err as Error);
          } finally {
            setBusy((n) => n - 1);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy > 0} disabled={disabled || value.length >= max}>
          Subir imagen
        </Button>
      </Upload>
    </Space>
  );
}
