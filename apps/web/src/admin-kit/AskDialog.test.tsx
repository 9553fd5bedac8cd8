// @vitest-environment happy-dom
import "../test/setup";
import { MantineProvider, Textarea, TextInput } from "@mantine/core";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { theme } from "../app/theme";
import { AdminTable } from "./AdminTable";
import { AskDialog } from "./AskDialog";
import { RowActions } from "./RowActions";

const withTheme = (ui: ReactNode) =>
  render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Keyboard use: the element takes the focus, then is pressed. */
const press = (element: HTMLElement) => {
  element.focus();
  fireEvent.click(element);
};

interface Load {
  id: string;
  handedOver: boolean;
}

/**
 * A desk as the pages write one: each row's next step (gone once done) asks for a docket; the row's
 * menu offers a note, asked without a field.
 */
function LoadDesk({
  onHandOver,
  onNote,
}: {
  onHandOver: (id: string, docket: string) => void;
  onNote: () => void;
}) {
  const [loads, setLoads] = useState<Load[]>([
    { id: "L-1", handedOver: false },
    { id: "L-2", handedOver: false },
  ]);
  const [asking, setAsking] = useState<{ kind: "handOver" | "note"; id: string } | null>(null);
  const [docket, setDocket] = useState("");
  const handOver = () => {
    if (!asking) return;
    onHandOver(asking.id, docket);
    setLoads((all) => all.map((l) => (l.id === asking.id ? { ...l, handedOver: true } : l)));
    setAsking(null);
  };
  return (
    <>
      <AdminTable<Load>
        testId="loads-table"
        idAccessor="id"
        csvName="loads"
        fetching={false}
        records={loads}
        columns={[
          { accessor: "id", title: "Load" },
          {
            accessor: "actions",
            title: "",
            render: (load) => (
              <RowActions
                label={`load ${load.id}`}
                primary={{
                  label: "Hand over",
                  hidden: load.handedOver,
                  onClick: () => {
                    setDocket("");
                    setAsking({ kind: "handOver", id: load.id });
                  },
                }}
                actions={[{ label: "Add a note", onClick: () => setAsking({ kind: "note", id: load.id }) }]}
              />
            ),
          },
        ]}
      />
      <AskDialog
        opened={asking?.kind === "handOver"}
        title={`Hand over load ${asking?.id}`}
        message="Hand the load to the transporter."
        confirmLabel="Hand over"
        disabled={!docket.trim()}
        onConfirm={handOver}
        onClose={() => setAsking(null)}
      >
        <TextInput label="Docket" value={docket} onChange={(e) => setDocket(e.currentTarget.value)} />
      </AskDialog>
      <AskDialog
        opened={asking?.kind === "note"}
        title={`Note on load ${asking?.id}`}
        message="Add a note?"
        confirmLabel="Add note"
        onConfirm={() => {
          onNote();
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

/** A reason asked in a text area; on closing, the page moves on to its next field. */
function CancelReason({ onConfirm }: { onConfirm: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Cancel…
      </button>
      <input aria-label="Next field" />
      <AskDialog
        opened={opened}
        title="Cancel load L-1"
        message="Why?"
        confirmLabel="Cancel load"
        onConfirm={onConfirm}
        onClose={() => {
          setOpened(false);
          (screen.getByLabelText("Next field") as HTMLElement).focus();
        }}
      >
        <Textarea label="Reason" defaultValue="Transporter did not come" />
      </AskDialog>
    </>
  );
}

const row = (id: string) => document.querySelector(`tr[data-record-id="${id}"]`);

describe("AskDialog and the keyboard", { timeout: 20_000 }, () => {
  it("opens on its field, confirms on Enter once it is filled, and returns to the record's row when its button is gone", async () => {
    const onHandOver = vi.fn();
    withTheme(<LoadDesk onHandOver={onHandOver} onNote={() => {}} />);
    const [first] = screen.getAllByRole("button", { name: "Hand over" });
    press(first as HTMLElement);

    const docket = await screen.findByLabelText("Docket");
    await waitFor(() => expect(document.activeElement).toBe(docket));

    // Confirm is disabled while the docket is empty: Enter does nothing
    fireEvent.keyDown(docket, { key: "Enter" });
    expect(onHandOver).not.toHaveBeenCalled();
    expect(screen.getByTestId("ask-dialog")).toBeDefined();

    fireEvent.change(docket, { target: { value: "AWB-7" } });
    fireEvent.keyDown(docket, { key: "Enter" });
    expect(onHandOver).toHaveBeenCalledTimes(1);
    expect(onHandOver).toHaveBeenCalledWith("L-1", "AWB-7");
    await waitFor(() => expect(screen.queryByTestId("ask-dialog")).toBeNull());

    // the row's Hand over button went with the step: the focus is on the row, now the table's active one
    expect(screen.getAllByRole("button", { name: "Hand over" })).toHaveLength(1);
    expect(document.activeElement).toBe(row("L-1"));
    expect(row("L-1")?.getAttribute("tabindex")).toBe("0");
  });

  it("returns to the button that opened it when it is cancelled", async () => {
    withTheme(<LoadDesk onHandOver={() => {}} onNote={() => {}} />);
    const second = screen.getAllByRole("button", { name: "Hand over" })[1] as HTMLElement;
    press(second);
    const docket = await screen.findByLabelText("Docket");
    await waitFor(() => expect(document.activeElement).toBe(docket));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByTestId("ask-dialog")).toBeNull());
    expect(document.activeElement).toBe(second);
  });

  it("opens on Confirm when it asks for nothing, keeps the focus from the menu that opened it, and returns to the menu's button", async () => {
    // fake timers that still run with real time, so the wait past Mantine's 10 ms hand-back is a jump, not a sleep
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const onNote = vi.fn();
    withTheme(<LoadDesk onHandOver={() => {}} onNote={onNote} />);
    const more = screen.getByRole("button", { name: "More actions for load L-2" });
    press(more);
    press(await screen.findByRole("menuitem", { name: "Add a note" }));

    const confirm = await screen.findByTestId("ask-dialog-confirm");
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    // past the moment Mantine's menu would have taken the focus back to its button
    await vi.advanceTimersByTimeAsync(50);
    expect(document.activeElement).toBe(confirm);

    press(confirm);
    expect(onNote).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId("ask-dialog")).toBeNull());
    // the menu's button (the menu is made on the first click, its button with it)
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "More actions for load L-2" }));
  });

  it("leaves Enter to a text area (a new line), and the focus where a page put it after closing", async () => {
    const onConfirm = vi.fn();
    withTheme(<CancelReason onConfirm={onConfirm} />);
    press(screen.getByRole("button", { name: "Cancel…" }));
    const reason = await screen.findByLabelText("Reason");
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.keyDown(reason, { key: "Enter" });
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.keyDown(reason, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("ask-dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByLabelText("Next field"));
  });
});
