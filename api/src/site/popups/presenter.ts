import type { Popup as PopupJson } from '@shared/types';
import type { Popup } from '../../db/models';
import { iso } from '../../lib/json';

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
