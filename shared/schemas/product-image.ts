import { z } from 'zod';
import { MAX_LENGTH } from '../constants';
import { bool, formNumber, idField, imageUrl, optionalText } from './fields';

export const PRODUCT_IMAGE_MESSAGES = {
  productId: 'Product ID is required',
  imageUrl: 'Invalid image URL',
  order: 'Order must be a positive number',
  isActive: 'isActive must be true or false',
  body: 'Invalid request body',
} as const;

const M = PRODUCT_IMAGE_MESSAGES;

const orderField = formNumber(M.order, { min: 0, max: MAX_LENGTH.order, integer: true });

export const productImageSchema = z.object({
  productId: idField(M.productId),
  imageUrl: imageUrl(M.imageUrl),
  altText: optionalText(MAX_LENGTH.altText, 'en').default(''),
  order: orderField.default(0),
  isActive: bool(M.isActive).default(true),
});

/** The 'move up/down' update, which sends only the new order. */
export const productImageOrderSchema = z.object({ order: orderField }).strict();

export type ProductImageRawInput = z.input<typeof productImageSchema>;
export type ProductImageInput = z.output<typeof productImageSchema>;
/** Alias of ProductImageInput (the parsed values). */
export type ProductImageValues = ProductImageInput;
export type ProductImageOrderRawInput = z.input<typeof productImageOrderSchema>;
export type ProductImageOrderInput = z.output<typeof productImageOrderSchema>;
/** Alias of ProductImageOrderInput (the parsed values). */
export type ProductImageOrderValues = ProductImageOrderInput;
export type ProductImageUpdateInput = ProductImageInput | ProductImageOrderInput;
export type ProductImageUpdateValues = ProductImageUpdateInput;

function isOrderOnly(body: object): boolean {
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === 'order';
}

/**
 * PUT body: the full form, or only {order}. The shape is chosen from the keys sent, so
 * validation messages come from the form the client meant (a plain union would report a
 * single 'invalid input').
 */
export const productImageUpdateSchema = z
  .custom<ProductImageRawInput | ProductImageOrderRawInput>(
    (body) => typeof body === 'object' && body !== null && !Array.isArray(body),
    { error: M.body },
  )
  .transform((body, ctx): ProductImageUpdateInput => {
    const result = isOrderOnly(body)
      ? productImageOrderSchema.safeParse(body)
      : productImageSchema.safeParse(body);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: body });
    }
    return z.NEVER;
  });

export type ProductImageUpdateRawInput = z.input<typeof productImageUpdateSchema>;
