# syntax=docker/dockerfile:1
# Build: a static binary (no cgo: bbolt, discordgo and gg are pure Go).
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/tinnersbot ./cmd/tinnersbot && mkdir -p /out/data

# Run: no shell, no package manager, a non-root user, the database on a volume.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tinnersbot /usr/local/bin/tinnersbot
# The volume's mount point belongs to the non-root user so the database can be written.
COPY --from=build --chown=65532:65532 /out/data /data
ENV TINNERS_DB=/data/tinners.db
VOLUME ["/data"]
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/tinnersbot"]
