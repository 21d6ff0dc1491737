import { describe, expect, it } from 'vitest';
import { layerViolations, relativeImports, signInEntryViolations, staticImports, storefrontEntryViolations } from './layers';

const check = (file: string, source: string) => layerViolations([{ file, source }]).map((v) => v.specifier);

describe('web layering', () => {
  it('lets each layer import itself and the layers below', () => {
    expect(check('app/route-table.tsx', "import { hotelRoutes } from '../features/hotels/routes';")).toEqual([]);
    expect(
      check('features/hotels/state.ts', "import { storage } from '../../lib/storage';\nimport { x } from '../../shared/booking/x';"),
    ).toEqual([]);
    expect(check('features/hotels/components/a.tsx', "import { b } from './b';\nimport type { S } from '../state';")).toEqual([]);
    expect(check('shared/booking/stream/search-stream.ts', "import { api } from '../../../lib/api';")).toEqual([]);
    expect(check('main.tsx', "import { App } from './app/app';")).toEqual([]);
  });

  it('refuses a feature importing another feature', () => {
    expect(check('features/dashboard/components/a.tsx', "import { useVouchers } from '../../vouchers/api/list-vouchers';")).toEqual([
      '../../vouchers/api/list-vouchers',
    ]);
  });

  it('refuses a lower layer importing an upper one, static, re-exported or dynamic', () => {
    expect(check('shared/x.ts', "import { a } from '../features/hotels/state';")).toEqual(['../features/hotels/state']);
    expect(check('lib/x.ts', "export * from '../shared/y';")).toEqual(['../shared/y']);
    expect(check('features/users/routes.tsx', "const p = import('../../app/app');")).toEqual(['../../app/app']);
  });

  it('refuses a page imported statically by a feature route, not a lazy one, a type or a re-export', () => {
    expect(check('features/payments/routes.tsx', "import { PaymentsPage } from './components/payments-page';")).toEqual([
      './components/payments-page',
    ]);
    expect(check('features/shop/routes.tsx', "import {\n  OrderPage,\n} from './pages/order-page';")).toEqual(['./pages/order-page']);
    expect(
      check(
        'features/payments/routes.tsx',
        [
          "import type { Props } from './components/payments-page';",
          "const PaymentsPage = lazyPage(() => import('./components/payments-page'), 'PaymentsPage');",
          "export { HostGate } from './components/host-gate';",
          "import { optionsPath } from './state';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('keeps the test helpers to test files', () => {
    expect(check('lib/storage.test.ts', "import { FakeStorage } from '../test/fake-storage';")).toEqual([]);
    expect(check('lib/storage.ts', "import { FakeStorage } from '../test/fake-storage';")).toEqual(['../test/fake-storage']);
  });

  it('reads multi-line, type-only and side-effect imports, and ignores packages', () => {
    const source =
      "import {\n  a,\n  b,\n} from '../x';\nimport type { T } from \"./t\";\nimport './global.css';\nimport { z } from 'zod';";
    expect(relativeImports(source)).toEqual(['../x', './t', './global.css']);
  });

  it('treats the storefront entry as an entry', () => {
    expect(check('storefront-main.tsx', "import { StorefrontApp } from './app/storefront/storefront-app';")).toEqual([]);
  });

  it("keeps antd, dayjs, zod and the contracts index out of the storefront home's static import graph, lazy chunks aside", () => {
    const files = [
      { file: 'storefront-main.tsx', source: "import { App } from './app/storefront/app';\nimport './features/shop-home/home.css';" },
      {
        file: 'app/storefront/app.tsx',
        source: [
          "import { Home } from '../../features/shop-home/home';",
          "const pages = () => import('./antd-pages');",
          "import type { StorefrontSite } from '@travesia/contracts';",
        ].join('\n'),
      },
      {
        file: 'features/shop-home/home.tsx',
        source:
          "import {\n  Button,\n} from 'antd';\nexport { imageUrl } from '@travesia/contracts/storefront-page';\nimport { x } from './x';",
      },
      { file: 'features/shop-home/x.ts', source: "export { formatMoney } from '@travesia/contracts';" },
      { file: 'app/storefront/antd-pages.tsx', source: "import { Table } from 'antd';\nimport { z } from 'zod';" },
      { file: 'features/other/page.tsx', source: "import dayjs from 'dayjs';" },
    ];
    expect(storefrontEntryViolations(files).map((v) => `${v.file} ${v.specifier}`)).toEqual([
      'features/shop-home/home.tsx antd',
      'features/shop-home/x.ts @travesia/contracts',
    ]);
  });

  it('keeps antd and zod out of the sign-in entry, the signed-in app it imports lazily aside', () => {
    const files = [
      { file: 'main.tsx', source: "import { shell } from './app/sign-in-shell';\nconst app = () => import('./app/mount-app');" },
      {
        file: 'app/sign-in-shell.tsx',
        source: "import { LoginPage } from '../features/auth/login';\nimport type { LoginResponse } from '@travesia/contracts';",
      },
      {
        file: 'features/auth/login.tsx',
        source: "import { emailProblem } from '@travesia/contracts/credentials';\nimport { Spin } from 'antd';\nimport { z } from 'zod';",
      },
      { file: 'app/mount-app.tsx', source: "import { ConfigProvider } from 'antd';\nimport { MESSAGES } from '@travesia/contracts';" },
    ];
    expect(signInEntryViolations(files).map((v) => `${v.file} ${v.specifier}`)).toEqual([
      'features/auth/login.tsx antd',
      'features/auth/login.tsx zod',
    ]);
  });

  it('reads static imports and re-exports with whether they are type-only', () => {
    expect(
      staticImports(
        "import type { A } from './a';\nimport { b } from \"b\";\nexport * from './c';\nimport './d.css';\nconst e = import('./e');",
      ),
    ).toEqual([
      { specifier: './a', typeOnly: true },
      { specifier: 'b', typeOnly: false },
      { specifier: './c', typeOnly: false },
      { specifier: './d.css', typeOnly: false },
    ]);
  });
});
