import { formatDate, formatDateTime, localTimeZone, TICKET_CHECK_IN_MESSAGES as M, type TicketCheckIn } from '@travesia/contracts';
import { Alert, Button, Card, Descriptions, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/components/page-header';
import { useCheckInTicket } from '../api/check-in';

/**
 * "Validar entrada" (issue 17 item 6, decision 0360): the code of an own ticket's QR — our booking
 * reference, typed or read by a scanner that types it — checked in once. The answer says what was
 * redeemed; a second check-in shows the server's refusal with who and when.
 */
export function TicketCheckInPage() {
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ code: string }>();
  const checkIn = useCheckInTicket();
  const [done, setDone] = useState<TicketCheckIn | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const onFinish = async ({ code }: { code: string }) => {
    setDone(null);
    setRefused(null);
    try {
      setDone(await checkIn.mutateAsync(code.trim()));
    } catch (err) {
      setRefused((err as Error).message);
    }
  };

  return (
    <>
      <PageHeader title="Validar entrada" subtitle="Código QR de una entrada propia (la referencia del voucher)" />
      <Card>
        <Form
          form={form}
          layout="inline"
          aria-label="Validar entrada"
          initialValues={{ code: params.get('code') ?? '' }}
          onFinish={onFinish}
        >
          <Form.Item
            name="code"
            label="Código de la entrada"
            rules={[{ required: true, whitespace: true, message: M.codeRequired }]}
            style={{ minWidth: 320 }}
          >
            <Input autoFocus autoComplete="off" placeholder="Escanea o escribe el código" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={checkIn.isPending}>
              Validar
            </Button>
          </Form.Item>
        </Form>
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          {refused && <Alert type="error" showIcon role="alert" message={refused} data-testid="check-in-refused" />}
          {done && (
            <>
              <Alert type="success" showIcon role="status" message={M.done} data-testid="check-in-done" />
              <Descriptions bordered size="small" column={1}>
                <Descriptions.Item label="Actividad">{done.activity}</Descriptions.Item>
                <Descriptions.Item label="Fecha">
                  {done.date ? formatDate(done.date) : '—'}
                  {done.session ? ` · ${done.session}` : ''}
                </Descriptions.Item>
                <Descriptions.Item label="Titular">{done.holder}</Descriptions.Item>
                {done.participants.length > 0 && (
                  <Descriptions.Item label="Participantes">{done.participants.join(', ')}</Descriptions.Item>
                )}
                <Descriptions.Item label="Referencia">{done.reference}</Descriptions.Item>
                <Descriptions.Item label="Validada">
                  {formatDateTime(done.checkedInAt, localTimeZone())} por {done.checkedInBy}
                </Descriptions.Item>
              </Descriptions>
            </>
          )}
        </Space>
      </Card>
    </>
  );
}
