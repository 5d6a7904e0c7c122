import { Extension, type Editor } from "@tiptap/core";
import { Placeholder } from "@tiptap/extensions/placeholder";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Heading2, Italic, List, ListOrdered, Pilcrow, Underline } from "lucide-react";
import type { ReactNode } from "react";

export type RichTextEditorProps = {
  /** The id of the visible label (the editor is a labelled textbox). */
  labelId: string;
  /** The ids of the hint and error texts. */
  describedBy?: string | undefined;
  invalid?: boolean;
  /** HTML to start from; the editor keeps its own state after that. */
  initialHtml: string;
  onChange: (html: string) => void;
  placeholder?: string;
  /** The DOM id of the editable element (so a field error can send focus to it). */
  id: string;
};

/**
 * The staff rich-text editor (issue 9 point 9): Tiptap with paragraphs, headings,
 * bold, italic, underline, bullet and numbered lists; Ctrl/Cmd+B, I, U, L (bullet
 * list), O (numbered list); paste arrives as plain text; an empty list item shows
 * a placeholder; Backspace in an empty item leaves the list. The server sanitises
 * what it saves to the same formats (S4). Loaded lazily, by staff screens only.
 */
const ListShortcuts = Extension.create({
  name: "listShortcuts",
  // Above the list items' own Backspace handling.
  priority: 1000,
  addKeyboardShortcuts() {
    return {
      "Mod-l": () => this.editor.commands.toggleBulletList(),
      "Mod-o": () => this.editor.commands.toggleOrderedList(),
      Backspace: () => {
        const { selection } = this.editor.state;
        const { $from, empty } = selection;
        if (!empty || $from.parent.content.size > 0 || $from.parentOffset !== 0) return false;
        if ($from.depth < 2 || $from.node(-1).type.name !== "listItem") return false;
        return this.editor.commands.liftListItem("listItem");
      },
    };
  },
});

function ToolButton({ label, pressed, onClick, children }: { label: string; pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // Keep the editor's selection: the button acts on it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      // In forced colors the pressed fill is replaced like every other: the system's highlight says it instead.
      className="grid size-10 place-items-center rounded-lg text-plum-800 hover:bg-plum-100 aria-pressed:bg-plum-800 aria-pressed:text-white forced-colors:aria-pressed:bg-[Highlight] forced-colors:aria-pressed:text-[HighlightText] forced-colors:aria-pressed:forced-color-adjust-none"
    >
      {children}
    </button>
  );
}

export default function RichTextEditor({ labelId, describedBy, invalid, initialHtml, onChange, placeholder = "Start typing…", id }: RichTextEditorProps) {
  const editor = useEditor({
    immediatelyRender: false,
    // The base rules live in app.css: an inserted <style> would need 'unsafe-inline' in the CSP (decision 0036).
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: false,
      }),
      ListShortcuts,
      // An empty list item reads 'List item' instead (app.css: `.rich-text li > p.is-empty`).
      Placeholder.configure({ includeChildren: true, placeholder }),
    ],
    content: initialHtml || "",
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        "aria-invalid": invalid ? "true" : "false",
        // The site's focus ring (app.css) shows on the editable area itself (WCAG 2.4.7): no outline override here.
        class: "rich-text min-h-32 px-4 py-3",
      },
      // ProseMirror swallows Escape (it prevents its default); let it through, so
      // that Escape in the editor closes the dialog around it like in any field.
      // Tab and Shift+Tab too: in a list they nested or lifted the item, so a
      // keyboard user tabbing past the field changed its content; they move the
      // focus, as in any field (a true here keeps ProseMirror's keymap out, and
      // the browser's own Tab goes on).
      handleDOMEvents: {
        keydown: (_view, event) => (event.key === "Escape" || (event.key === "Tab" && !event.ctrlKey && !event.metaKey && !event.altKey)) && !event.isComposing,
      },
      // Paste as plain text: formatting from other programs never comes in.
      handlePaste: (view, event) => {
        const text = event.clipboardData?.getData("text/plain");
        if (text === undefined) return false;
        event.preventDefault();
        const lines = text.replace(/\r\n?/g, "\n").split("\n");
        if (lines.length === 1) view.dispatch(view.state.tr.insertText(lines[0]!));
        else editor?.commands.insertContent(lines.map((l) => ({ type: "paragraph", content: l ? [{ type: "text", text: l }] : [] })));
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            underline: e.isActive("underline"),
            bullet: e.isActive("bulletList"),
            ordered: e.isActive("orderedList"),
            heading: e.isActive("heading", { level: 2 }),
            paragraph: e.isActive("paragraph") && !e.isActive("bulletList") && !e.isActive("orderedList"),
          }
        : null,
  });

  const mod = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "Cmd" : "Ctrl";
  const run = (fn: (e: Editor) => void) => () => {
    if (editor) fn(editor);
  };

  return (
    <div className={`rounded-xl border bg-white ${invalid ? "border-danger" : "border-plum-200"}`}>
      <div role="toolbar" aria-label="Formatting" aria-controls={id} className="flex flex-wrap gap-1 border-b border-plum-100 p-1.5">
        <ToolButton label={`Bold (${mod}+B)`} pressed={Boolean(state?.bold)} onClick={run((e) => e.chain().focus().toggleBold().run())}>
          <Bold aria-hidden="true" className="size-5" />
        </ToolButton>
        <ToolButton label={`Italic (${mod}+I)`} pressed={Boolean(state?.italic)} onClick={run((e) => e.chain().focus().toggleItalic().run())}>
          <Italic aria-hidden="true" className="size-5" />
        </ToolButton>
        <ToolButton label={`Underline (${mod}+U)`} pressed={Boolean(state?.underline)} onClick={run((e) => e.chain().focus().toggleUnderline().run())}>
          <Underline aria-hidden="true" className="size-5" />
        </ToolButton>
        <ToolButton label={`Bullet list (${mod}+L)`} pressed={Boolean(state?.bullet)} onClick={run((e) => e.chain().focus().toggleBulletList().run())}>
          <List aria-hidden="true" className="size-5" />
        </ToolButton>
        <ToolButton label={`Numbered list (${mod}+O)`} pressed={Boolean(state?.ordered)} onClick={run((e) => e.chain().focus().toggleOrderedList().run())}>
          <ListOrdered aria-hidden="true" className="size-5" />
        </ToolButton>
        <ToolButton label="Paragraph" pressed={Boolean(state?.paragraph)} onClick={run((e) => e.chain().focus().setParagraph().run())}>
          <Pilcrow aria-hidden="true" className="size-5" />
        </ToolButton>
        <ToolButton label="Heading" pressed={Boolean(state?.heading)} onClick={run((e) => e.chain().focus().toggleHeading({ level: 2 }).run())}>
          <Heading2 aria-hidden="true" className="size-5" />
        </ToolButton>
      </div>
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div className="min-h-32 px-4 py-3 text-muted" aria-hidden="true">
          Loading editor…
        </div>
      )}
    </div>
  );
}
