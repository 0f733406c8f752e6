import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CdsError } from '../cds/cds-error.ts';
import { defineCdsRoute } from '../cds/define-cds-route.ts';
import { paginate, readPaging } from '../cds/paginate.ts';
import { accountKinds } from '../data/account-kinds.ts';
import type { HolderRuntime } from '../holder-runtime.ts';

const productQuerySchema = z.object({
  effective: z.enum(['ALL', 'CURRENT', 'FUTURE']).default('CURRENT'),
  'product-category': z.string().optional(),
  brand: z.string().optional(),
});

/** GET /banking/products: the bank's public catalogue, one product per account kind. */
export function registerProductRoutes(scope: FastifyInstance, runtime: HolderRuntime): void {
  defineCdsRoute(
    scope,
    runtime,
    { url: '/banking/products', versions: { min: 5, max: 5 }, authenticated: false },
    ({ bank, query, selfUrl }) => {
      const parsed = productQuerySchema.safeParse(query);
      if (!parsed.success)
        throw new CdsError(
          'invalidField',
          `${String(parsed.error.issues[0]?.path[0])}: ${parsed.error.issues[0]?.message}`,
        );
      const { 'product-category': category, brand } = parsed.data;
      const products = Object.entries(accountKinds)
        .map(([kind, definition]) => ({
          productId: `${bank.id}-${kind.replaceAll('_', '-')}`,
          lastUpdated: '2025-07-01T00:00:00Z',
          productCategory: definition.category,
          name: `${bank.productPrefix} ${definition.productName}`,
          description: `The ${bank.name} ${definition.productName.toLowerCase()}.`,
          brand: bank.name,
          brandName: bank.name,
          isTailored:
            definition.category === 'BUSINESS_LOANS' || definition.category === 'RESIDENTIAL_MORTGAGES',
        }))
        .filter(
          (product) =>
            (category === undefined || product.productCategory === category) &&
            (brand === undefined || product.brand === brand),
        );
      const page = paginate(products, readPaging(query), selfUrl);
      return { data: { products: page.items }, links: page.links, meta: page.meta };
    },
  );
}
