import { CloudOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Space, Statistic, Typography } from 'antd';
import { LOCATION_UNAVAILABLE, useWeather, weatherErrorText, weatherLabel } from '../api/weather';

/** Spec §2 weather card: browser location → reverse geocoding → weather, with a retry on error (spec §8 messages). */
export function WeatherCard() {
  const { data, error, isLoading, refetch, isFetching } = useWeather();
  return (
    <Card
      title={
        <Space>
          <CloudOutlined />
          Clima
        </Space>
      }
      size="small"
      style={{ height: '100%' }}
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : error ? (
        <Result
          status="warning"
          style={{ padding: 8 }}
          subTitle={weatherErrorText(error)}
          extra={
            <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => refetch()}>
              Reintentar
            </Button>
          }
        />
      ) : data ? (
        <Space direction="vertical" size={4}>
          <Typography.Text strong>{data.place ?? LOCATION_UNAVAILABLE}</Typography.Text>
          <Statistic value={data.temperature} precision={1} suffix="°C" />
          <Typography.Text>{weatherLabel(data.code)}</Typography.Text>
          <Typography.Text type="secondary">
            {[data.humidity !== null ? `Humedad ${data.humidity}%` : '', data.wind !== null ? `Viento ${data.wind} km/h` : '']
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Space>
      ) : null}
    </Card>
  );
}
