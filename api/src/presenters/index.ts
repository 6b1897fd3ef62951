import type {
  Category as CategoryJson,
  ContentBlock as ContentBlockJson,
  Faq as FaqJson,
  MetaTag as MetaTagJson,
  PlatformLink as PlatformLinkJson,
  Popup as PopupJson,
  Product as ProductJson,
  ProductImage as ProductImageJson,
  SessionUser,
} from '@shared/types';
import type {
  Category,
  ContentBlock,
  Faq,
  MetaTag,
  PlatformLink,
  Popup,
  Product,
  ProductImage,
  User,
} from '../models';

// Presenters pick fields one by one so that a new column (or a password hash) never reaches a
// client by accident.

const iso = (date: Date | string) => new Date(date).toISOString();

/** SQLite hands JSON columns back as text when read through raw queries; accept both. */
function stringArray(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed)
    ? parsed.filter((item): item is string => typeof item === 'string')
    : [];
}

export const presentUser = (user: User): SessionUser => ({
  id: String(user.id),
  username: user.username,
});

export const presentCategory = (category: Category): CategoryJson => ({
  id: String(category.id),
  name: category.name,
  slug: category.slug,
  icon: category.icon,
  color: category.color,
  group: category.group,
  createdAt: iso(category.createdAt),
});

export function presentProduct(product: Product): ProductJson {
  return {
    id: product.id,
    categoryId: String(product.categoryId),
    title: product.title,
    description: product.description,
    imageUrl: product.imageUrl,
    imageUrls: stringArray(product.imageUrls),
    videoUrl: product.videoUrl ?? null,
    mediaType: product.mediaType as ProductJson['mediaType'],
    discountPercentage: product.discountPercentage,
    badgeText: product.badgeText ?? null,
    badgeColor: product.badgeColor as ProductJson['badgeColor'],
    platforms: stringArray(product.platforms) as ProductJson['platforms'],
    isActive: product.isActive,
    isFeaturedPromo: product.isFeaturedPromo,
    isFeaturedPopular: product.isFeaturedPopular,
    featuredOrder: product.featuredOrder,
    createdAt: iso(product.createdAt),
    ...(product.category ? { category: presentCategory(product.category) } : {}),
  };
}

export const presentPlatformLink = (link: PlatformLink): PlatformLinkJson => ({
  id: String(link.id),
  productId: link.productId,
  platform: link.platform as PlatformLinkJson['platform'],
  affiliateUrl: link.affiliateUrl,
  price: link.price,
  createdAt: iso(link.createdAt),
});

export const presentProductImage = (image: ProductImage): ProductImageJson => ({
  id: String(image.id),
  productId: image.productId,
  imageUrl: image.imageUrl,
  altText: image.altText,
  order: image.order,
  isActive: image.isActive,
  createdAt: iso(image.createdAt),
});

export const presentContentBlock = (block: ContentBlock): ContentBlockJson => ({
  id: String(block.id),
  key: block.key,
  title: block.title,
  data: block.data,
  isActive: block.isActive,
  lastModified: iso(block.lastModified),
  createdAt: iso(block.createdAt),
});

export const presentFaq = (faq: Faq): FaqJson => ({
  id: String(faq.id),
  question: faq.question,
  answer: faq.answer,
  category: faq.category as FaqJson['category'],
  order: faq.order,
  isActive: faq.isActive,
  createdAt: iso(faq.createdAt),
});

export const presentMetaTag = (tag: MetaTag): MetaTagJson => ({
  id: String(tag.id),
  htmlTag: tag.htmlTag,
  pageUrl: tag.pageUrl,
  isActive: tag.isActive,
  parsedName: tag.parsedName,
  parsedProperty: tag.parsedProperty,
  parsedContent: tag.parsedContent,
  createdAt: iso(tag.createdAt),
});

export const presentPopup = (popup: Popup): PopupJson => ({
  id: String(popup.id),
  title: popup.title,
  content: popup.content,
  type: popup.type as PopupJson['type'],
  targetUrl: popup.targetUrl,
  buttonText: popup.buttonText,
  backgroundColor: popup.backgroundColor,
  textColor: popup.textColor,
  imageUrl: popup.imageUrl,
  imagePosition: popup.imagePosition as PopupJson['imagePosition'],
  startDate: iso(popup.startDate),
  endDate: iso(popup.endDate),
  showOnPages: popup.showOnPages,
  triggerAfterSeconds: popup.triggerAfterSeconds,
  isActive: popup.isActive,
  createdAt: iso(popup.createdAt),
});
