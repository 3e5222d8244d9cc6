import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue';

/**
 * False until the component's first frame is on screen, then true. Parts a page can show a frame
 * later (figures, menus, the questions to main on opening) wait for it, so the first frame holds
 * only what staff look at first. A task queued from the frame's animation callback runs once that
 * frame is painted.
 */
export function useAfterFirstPaint(): Readonly<Ref<boolean>> {
  const painted = ref(false);
  let frame = 0;
  let task: ReturnType<typeof setTimeout> | undefined;
  onMounted(() => {
    frame = requestAnimationFrame(() => {
      task = setTimeout(() => (painted.value = true), 0);
    });
  });
  onBeforeUnmount(() => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  });
  return painted;
}
