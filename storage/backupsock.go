package storage

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"
)

// bbolt locks its file: while the bot runs, no other process can open the
// database, not even read-only. A hot backup from the command line therefore
// asks the running process to write it. The bot serves a Unix socket next to
// the database file (SocketPath); `tinnersbot backup` falls back to it when
// the database is in use. Only the local user who can reach the socket file
// (mode 0600) can ask, and the only request is "write a backup to this path".

// SocketPath returns the backup socket of the database at dbPath.
func SocketPath(dbPath string) string { return dbPath + ".backup.sock" }

// ServeBackups answers backup requests on the Unix socket at path until ctx
// is done. It returns once listening (or with the listen error); the socket
// file is removed when ctx ends.
func ServeBackups(ctx context.Context, s *Store, path string) error {
	_ = os.Remove(path) // a stale socket from a killed process
	ln, err := net.Listen("unix", path)
	if err != nil {
		return fmt.Errorf("backup socket: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return fmt.Errorf("backup socket: %w", err)
	}
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return // closed
			}
			go serveBackup(ctx, s, c)
		}
	}()
	return nil
}

func serveBackup(ctx context.Context, s *Store, c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(5 * time.Minute))
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return
	}
	target, ok := strings.CutPrefix(strings.TrimSpace(line), "backup ")
	if !ok || target == "" {
		fmt.Fprintln(c, "error: unknown request")
		return
	}
	n, err := s.BackupFile(ctx, target)
	if err != nil {
		fmt.Fprintf(c, "error: %v\n", err)
		return
	}
	fmt.Fprintf(c, "ok %d\n", n)
}

// RequestBackup asks the process serving socket to write a backup to target
// (an absolute path, as the server's working directory may differ) and
// returns the bytes written.
func RequestBackup(ctx context.Context, socket, target string) (int64, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", socket)
	if err != nil {
		return 0, fmt.Errorf("no running bot answers on %s: %w", socket, err)
	}
	defer c.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = c.SetDeadline(dl)
	}
	if _, err := fmt.Fprintf(c, "backup %s\n", target); err != nil {
		return 0, err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return 0, fmt.Errorf("backup socket: %w", err)
	}
	line = strings.TrimSpace(line)
	if msg, ok := strings.CutPrefix(line, "error: "); ok {
		return 0, errors.New(msg)
	}
	n, err := strconv.ParseInt(strings.TrimPrefix(line, "ok "), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("backup socket: unexpected answer %q", line)
	}
	return n, nil
}
