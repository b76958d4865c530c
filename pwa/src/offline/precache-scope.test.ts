import { describe, expect, it } from 'vitest';
import { filesOnlyBehindBoundaries, type ChunkNode } from './precache-scope.ts';

const chunk = (fileName: string, patch: Partial<ChunkNode> = {}): ChunkNode => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  css: [],
  ...patch,
});

// index -> (lazy) Checkout, (lazy) AdminRoutes, (lazy) PaymentSuccess; admin and checkout share
// messages; only admin imports excel; the payment page and checkout share ResultIcon.
const graph: ChunkNode[] = [
  chunk('assets/index.js', {
    isEntry: true,
    imports: ['assets/messages.js'],
    dynamicImports: ['assets/Checkout.js', 'assets/AdminRoutes.js', 'assets/PaymentSuccess.js'],
    css: ['assets/index.css'],
  }),
  chunk('assets/Checkout.js', {
    facadeModuleId: '/repo/pwa/src/kiosk/checkout/CheckoutPage.tsx',
    imports: ['assets/messages.js', 'assets/ResultIcon.js'],
  }),
  chunk('assets/AdminRoutes.js', {
    facadeModuleId: '/repo/pwa/src/admin/AdminRoutes.tsx',
    imports: ['assets/messages.js'],
    dynamicImports: ['assets/excel.js'],
    css: ['assets/AdminRoutes.css'],
  }),
  chunk('assets/excel.js', { facadeModuleId: '/repo/node_modules/write-excel-file/index.js' }),
  chunk('assets/PaymentSuccess.js', {
    facadeModuleId: 'C:\\repo\\pwa\\src\\payment\\PaymentSuccessPage.tsx',
    imports: ['assets/ResultIcon.js'],
  }),
  chunk('assets/ResultIcon.js'),
  chunk('assets/messages.js'),
];

describe('what the kiosk precaches', () => {
  it('drops the chunks and style sheets reachable only through an admin or payment lazy import', () => {
    expect([...filesOnlyBehindBoundaries(graph)].sort()).toEqual([
      'assets/AdminRoutes.css',
      'assets/AdminRoutes.js',
      'assets/PaymentSuccess.js',
      'assets/excel.js',
    ]);
  });

  it('keeps what the kiosk also reaches: shared chunks, and a style sheet a kiosk chunk imports too', () => {
    const shared = graph.map((c) => (c.fileName === 'assets/Checkout.js' ? { ...c, css: ['assets/AdminRoutes.css'] } : c));
    const dropped = filesOnlyBehindBoundaries(shared);
    for (const kept of ['assets/index.js', 'assets/Checkout.js', 'assets/messages.js', 'assets/ResultIcon.js', 'assets/AdminRoutes.css'])
      expect(dropped).not.toContain(kept);
  });

  it('keeps a chunk the kiosk imports statically even when it lives in a boundary folder', () => {
    const imported = graph.map((c) =>
      c.fileName === 'assets/index.js' ? { ...c, imports: [...c.imports, 'assets/PaymentSuccess.js'] } : c,
    );
    expect(filesOnlyBehindBoundaries(imported)).not.toContain('assets/PaymentSuccess.js');
  });
});
