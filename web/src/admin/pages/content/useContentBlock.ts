import { useContentBlocks } from '../../queries/useContent';

/** One content block from the admin list (undefined until loaded or when it does not exist). */
export function useContentBlock(key: string) {
  const blocks = useContentBlocks();
  return { ...blocks, block: blocks.data?.find((block) => block.key === key) };
}
