import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** Shown when a hotel page is opened without what it needs from a search: a way back to the search. */
export function SearchAgainResult({ title, subTitle }: { title: string; subTitle?: string }) {
  return (
    <Result
      status="info"
      title={title}
      subTitle={subTitle}
      extra={
        <Link to="/hotels/search">
          <Button type="primary">Buscar hoteles</Button>
        </Link>
      }
    />
  );
}
